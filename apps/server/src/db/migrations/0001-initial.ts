import type { Kysely } from 'kysely';
import { brinIndex, dialectOf, flag, index, notNull, withId, withOrganization, withTimestamps } from './dsl';

/**
 * The initial schema: every entity of the dashboard. Dimension tables carry foreign keys; the large
 * append-only fact tables (transactions, payments, sightings, congestion samples, loyalty
 * transactions, rollups) carry ids without constraints so ingest stays cheap, and the ingest code
 * checks the references. Indexes follow the list filters and default sorts (docs/PRODUCT.md, "Lists"): the
 * organisation or station first, then the sort column, then `id` as the keyset tie-breaker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const s = db.schema;

  await withTimestamps(
    withId(s.createTable('organizations'), d)
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', notNull)
      .addColumn('kind', 'text', notNull)
      .addColumn('is_fuel_provider', 'integer', flag)
      .addColumn('fuel_mask', 'integer', flag)
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}')),
  ).execute();

  await withTimestamps(
    withId(s.createTable('users'), d)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('first_name', 'text', notNull)
      .addColumn('last_name', 'text', notNull)
      .addColumn('email_verified_at', 'bigint')
      .addColumn('disabled_at', 'bigint'),
  ).execute();

  await withTimestamps(
    withOrganization(withId(s.createTable('memberships'), d))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', notNull)
      .addColumn('scope', 'text')
      .addColumn('status', 'text', notNull)
      .addColumn('all_stations', 'integer', flag),
  ).execute();
  await index(db, 'memberships', ['organization_id', 'user_id'], { unique: true });
  await index(db, 'memberships', ['user_id']);

  await withTimestamps(
    withOrganization(withId(s.createTable('stations'), d))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', notNull)
      .addColumn('code', 'text', notNull)
      .addColumn('fuel_provider', 'text', notNull)
      .addColumn('fuel_mask', 'integer', flag)
      .addColumn('status', 'text', notNull)
      .addColumn('city', 'text', notNull)
      .addColumn('state', 'text', notNull)
      .addColumn('address', 'text', notNull)
      .addColumn('pincode', 'text', notNull)
      .addColumn('lat', 'double precision', notNull)
      .addColumn('lng', 'double precision', notNull)
      .addColumn('lanes', 'integer', notNull)
      .addColumn('dispenser_count', 'integer', flag)
      .addColumn('opened_on', 'text', notNull),
  ).execute();
  await index(db, 'stations', ['organization_id', 'name', 'id']);
  await index(db, 'stations', ['organization_id', 'status', 'name']);
  await index(db, 'stations', ['organization_id', 'fuel_provider', 'name']);
  await index(db, 'stations', ['organization_id', 'city', 'name']);

  await s
    .createTable('membership_stations')
    .addColumn('membership_id', 'bigint', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('organization_id', 'bigint', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('membership_stations_pk', ['membership_id', 'station_id'])
    .execute();
  await index(db, 'membership_stations', ['station_id']);

  await withTimestamps(
    withOrganization(withId(s.createTable('dispensers'), d))
      .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('code', 'text', notNull)
      .addColumn('lane', 'integer', notNull)
      .addColumn('make', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('installed_on', 'text', notNull),
  ).execute();
  await index(db, 'dispensers', ['station_id', 'code'], { unique: true });

  await withTimestamps(
    withOrganization(withId(s.createTable('nozzles'), d))
      .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('dispenser_id', 'bigint', (c) => c.notNull().references('dispensers.id').onDelete('cascade'))
      .addColumn('number', 'integer', notNull)
      .addColumn('side', 'text', notNull)
      .addColumn('fuel', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('totalizer_milli', 'bigint', flag),
  ).execute();
  await index(db, 'nozzles', ['dispenser_id', 'number'], { unique: true });
  await index(db, 'nozzles', ['station_id']);

  await withOrganization(withId(s.createTable('fuel_prices'), d))
    .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('fuel', 'text', notNull)
    .addColumn('effective_on', 'text', notNull)
    .addColumn('price_paise', 'integer', notNull)
    .execute();
  await index(db, 'fuel_prices', ['station_id', 'fuel', 'effective_on'], { unique: true });

  await withTimestamps(
    withOrganization(withId(s.createTable('customers'), d))
      .addColumn('name', 'text', notNull)
      .addColumn('kind', 'text', notNull)
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('home_station_id', 'bigint', (c) => c.references('stations.id').onDelete('set null')),
  ).execute();
  await index(db, 'customers', ['organization_id', 'name']);

  await withTimestamps(
    withOrganization(withId(s.createTable('personnel'), d))
      .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('role', 'text', notNull)
      .addColumn('phone', 'text', notNull)
      .addColumn('shift', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('joined_on', 'text', notNull),
  ).execute();
  await index(db, 'personnel', ['organization_id', 'created_at', 'id']);
  await index(db, 'personnel', ['station_id', 'created_at']);

  // Facts: fuel sales, one row per fill.
  await withOrganization(withId(s.createTable('transactions'), d))
    .addColumn('station_id', 'bigint', notNull)
    .addColumn('dispenser_id', 'bigint', notNull)
    .addColumn('nozzle_id', 'bigint', notNull)
    .addColumn('fuel', 'text', notNull)
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('ended_at', 'bigint', notNull)
    .addColumn('quantity_milli', 'bigint', notNull)
    .addColumn('unit_price_paise', 'integer', notNull)
    .addColumn('amount_paise', 'bigint', notNull)
    .addColumn('payment_mode', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('vehicle_registration', 'text')
    .addColumn('vehicle_class', 'text', notNull)
    .addColumn('customer_id', 'bigint')
    .addColumn('attendant_id', 'bigint')
    .execute();
  await index(db, 'transactions', ['station_id', 'started_at desc', 'id desc']);
  await index(db, 'transactions', ['organization_id', 'started_at desc', 'id desc']);
  await index(db, 'transactions', ['organization_id', 'vehicle_registration', 'started_at desc']);
  await index(db, 'transactions', ['customer_id', 'started_at']);
  await brinIndex(db, 'transactions', 'started_at');

  await withOrganization(withId(s.createTable('payments'), d))
    .addColumn('station_id', 'bigint', notNull)
    .addColumn('transaction_id', 'bigint')
    .addColumn('paid_at', 'bigint', notNull)
    .addColumn('mode', 'text', notNull)
    .addColumn('amount_paise', 'bigint', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('reference', 'text', notNull)
    .addColumn('provider', 'text', notNull)
    .execute();
  await index(db, 'payments', ['station_id', 'paid_at desc', 'id desc']);
  await index(db, 'payments', ['organization_id', 'paid_at desc', 'id desc']);
  await brinIndex(db, 'payments', 'paid_at');

  await withTimestamps(
    withOrganization(withId(s.createTable('vehicles'), d))
      .addColumn('registration', 'text', notNull)
      .addColumn('vehicle_class', 'text', notNull)
      .addColumn('fuel', 'text', notNull)
      .addColumn('customer_id', 'bigint', (c) => c.references('customers.id').onDelete('set null'))
      .addColumn('first_seen_at', 'bigint', notNull)
      .addColumn('last_seen_at', 'bigint', notNull)
      .addColumn('is_watchlisted', 'integer', flag),
  ).execute();
  await index(db, 'vehicles', ['organization_id', 'registration'], { unique: true });
  await index(db, 'vehicles', ['organization_id', 'last_seen_at desc', 'id desc']);

  // Facts: ANPR reads at the forecourt entrance, one row per visit.
  await withOrganization(withId(s.createTable('vehicle_sightings'), d))
    .addColumn('station_id', 'bigint', notNull)
    .addColumn('registration', 'text', notNull)
    .addColumn('vehicle_class', 'text', notNull)
    .addColumn('seen_at', 'bigint', notNull)
    .addColumn('lane', 'integer', notNull)
    .addColumn('confidence', 'integer', notNull)
    .addColumn('dwell_seconds', 'integer', notNull)
    .addColumn('transaction_id', 'bigint')
    .execute();
  await index(db, 'vehicle_sightings', ['station_id', 'seen_at desc', 'id desc']);
  await index(db, 'vehicle_sightings', ['organization_id', 'registration', 'seen_at desc']);
  await brinIndex(db, 'vehicle_sightings', 'seen_at');

  await withOrganization(withId(s.createTable('challans'), d))
    .addColumn('station_id', 'bigint', (c) => c.references('stations.id').onDelete('set null'))
    .addColumn('challan_no', 'text', notNull)
    .addColumn('registration', 'text', notNull)
    .addColumn('challan_time', 'bigint', notNull)
    .addColumn('place', 'text', notNull)
    .addColumn('state_code', 'text', notNull)
    .addColumn('department', 'text', notNull)
    .addColumn('offences', 'text', notNull)
    .addColumn('fine_paise', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('paid_at', 'bigint')
    .addColumn('court', 'text')
    .execute();
  await index(db, 'challans', ['organization_id', 'challan_no'], { unique: true });
  await index(db, 'challans', ['station_id', 'challan_time desc', 'id desc']);
  await index(db, 'challans', ['organization_id', 'challan_time desc', 'id desc']);
  await index(db, 'challans', ['organization_id', 'registration', 'status']);

  await withTimestamps(
    withOrganization(withId(s.createTable('incidents'), d))
      .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('dispenser_id', 'bigint', (c) => c.references('dispensers.id').onDelete('set null'))
      .addColumn('number', 'integer', notNull)
      .addColumn('group', 'text', notNull)
      .addColumn('type', 'text', notNull)
      .addColumn('severity', 'text', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('title', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('assignee_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('opened_at', 'bigint', notNull)
      .addColumn('acknowledged_at', 'bigint')
      .addColumn('resolved_at', 'bigint')
      .addColumn('closed_at', 'bigint')
      .addColumn('sla_due_at', 'bigint', notNull),
  ).execute();
  await index(db, 'incidents', ['organization_id', 'number'], { unique: true });
  await index(db, 'incidents', ['organization_id', 'opened_at desc', 'id desc']);
  await index(db, 'incidents', ['organization_id', 'status', 'opened_at desc']);
  await index(db, 'incidents', ['station_id', 'opened_at desc']);

  await withOrganization(withId(s.createTable('incident_events'), d))
    .addColumn('incident_id', 'bigint', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('at', 'bigint', notNull)
    .addColumn('actor_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', notNull)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await index(db, 'incident_events', ['incident_id', 'at']);

  await withTimestamps(
    withOrganization(withId(s.createTable('loyalty_programs'), d))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', notNull)
      .addColumn('points_per_hundred', 'integer', notNull),
  ).execute();

  await withOrganization(withId(s.createTable('loyalty_transactions'), d))
    .addColumn('program_id', 'bigint', notNull)
    .addColumn('station_id', 'bigint', notNull)
    .addColumn('customer_id', 'bigint')
    .addColumn('card_id', 'bigint')
    .addColumn('transaction_id', 'bigint')
    .addColumn('kind', 'text', notNull)
    .addColumn('points', 'integer', notNull)
    .addColumn('amount_paise', 'bigint', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('is_test', 'integer', flag)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await index(db, 'loyalty_transactions', ['program_id', 'is_test', 'status', 'created_at desc', 'id desc']);
  await index(db, 'loyalty_transactions', ['program_id', 'created_at desc', 'id desc']);

  await withTimestamps(
    withOrganization(withId(s.createTable('settlements'), d))
      .addColumn('program_id', 'bigint', (c) =>
        c.notNull().references('loyalty_programs.id').onDelete('cascade'),
      )
      .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('period_start', 'bigint', notNull)
      .addColumn('period_end', 'bigint', notNull)
      .addColumn('transaction_count', 'integer', notNull)
      .addColumn('gross_paise', 'bigint', notNull)
      .addColumn('fee_paise', 'bigint', notNull)
      .addColumn('net_paise', 'bigint', notNull)
      .addColumn('status', 'text', notNull)
      .addColumn('utr', 'text')
      .addColumn('settled_at', 'bigint'),
  ).execute();
  await index(db, 'settlements', ['program_id', 'created_at desc', 'id desc']);

  await withTimestamps(
    withOrganization(withId(s.createTable('cards'), d))
      .addColumn('program_id', 'bigint', (c) => c.references('loyalty_programs.id').onDelete('set null'))
      .addColumn('customer_id', 'bigint', (c) => c.references('customers.id').onDelete('set null'))
      .addColumn('kind', 'text', notNull)
      .addColumn('last4', 'text', notNull)
      .addColumn('vehicle_registration', 'text')
      .addColumn('status', 'text', notNull)
      .addColumn('daily_limit_paise', 'bigint', notNull)
      .addColumn('monthly_limit_paise', 'bigint', notNull)
      .addColumn('balance_paise', 'bigint', notNull)
      .addColumn('is_test', 'integer', flag)
      .addColumn('issued_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull),
  ).execute();
  await index(db, 'cards', ['organization_id', 'is_test', 'created_at desc', 'id desc']);
  await index(db, 'cards', ['organization_id', 'status']);

  await withTimestamps(
    withOrganization(withId(s.createTable('card_activation_requests'), d))
      .addColumn('card_id', 'bigint', (c) => c.notNull().references('cards.id').onDelete('cascade'))
      .addColumn('requested_by', 'text', notNull)
      .addColumn('note', 'text')
      .addColumn('status', 'text', notNull)
      .addColumn('reason', 'text')
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null')),
  ).execute();
  await index(db, 'card_activation_requests', ['organization_id', 'created_at desc', 'id desc']);
  await index(db, 'card_activation_requests', ['organization_id', 'status', 'created_at desc']);

  await withTimestamps(
    withOrganization(withId(s.createTable('station_access_requests'), d))
      .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('message', 'text')
      .addColumn('status', 'text', notNull)
      .addColumn('reason', 'text')
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null')),
  ).execute();
  await index(db, 'station_access_requests', ['organization_id', 'created_at desc', 'id desc']);
  await index(db, 'station_access_requests', ['organization_id', 'status', 'created_at desc']);

  await withTimestamps(
    withOrganization(withId(s.createTable('station_profiles'), d))
      .addColumn('station_id', 'bigint', (c) =>
        c.notNull().unique().references('stations.id').onDelete('cascade'),
      )
      .addColumn('display_name', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('amenities', 'text', notNull)
      .addColumn('hours', 'text', notNull)
      .addColumn('photos', 'text', notNull)
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('is_published', 'integer', flag),
  ).execute();
  await index(db, 'station_profiles', ['organization_id', 'created_at desc', 'id desc']);

  await withTimestamps(
    withOrganization(withId(s.createTable('station_reviews'), d))
      .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('author_name', 'text', notNull)
      .addColumn('rating', 'integer', notNull)
      .addColumn('title', 'text', notNull)
      .addColumn('body', 'text', notNull)
      .addColumn('reply', 'text')
      .addColumn('replied_at', 'bigint'),
  ).execute();
  await index(db, 'station_reviews', ['station_id', 'created_at desc', 'id desc']);
  await index(db, 'station_reviews', ['organization_id', 'created_at desc', 'id desc']);

  // Facts: queue length and wait per lane, sampled every 15 minutes.
  await withOrganization(withId(s.createTable('congestion_samples'), d))
    .addColumn('station_id', 'bigint', notNull)
    .addColumn('lane', 'integer', notNull)
    .addColumn('sampled_at', 'bigint', notNull)
    .addColumn('queue_length', 'integer', notNull)
    .addColumn('wait_seconds', 'integer', notNull)
    .execute();
  await index(db, 'congestion_samples', ['station_id', 'sampled_at', 'lane']);

  // Rollup: sales per station, hour (epoch ms of the hour start), fuel and payment mode.
  await s
    .createTable('sales_hourly')
    .addColumn('organization_id', 'bigint', notNull)
    .addColumn('station_id', 'bigint', notNull)
    .addColumn('bucket', 'bigint', notNull)
    .addColumn('fuel', 'text', notNull)
    .addColumn('payment_mode', 'text', notNull)
    .addColumn('transaction_count', 'integer', notNull)
    .addColumn('quantity_milli', 'bigint', notNull)
    .addColumn('amount_paise', 'bigint', notNull)
    .addPrimaryKeyConstraint('sales_hourly_pk', ['station_id', 'bucket', 'fuel', 'payment_mode'])
    .execute();
  await index(db, 'sales_hourly', ['organization_id', 'bucket']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'sales_hourly',
    'congestion_samples',
    'station_reviews',
    'station_profiles',
    'station_access_requests',
    'card_activation_requests',
    'cards',
    'settlements',
    'loyalty_transactions',
    'loyalty_programs',
    'incident_events',
    'incidents',
    'challans',
    'vehicle_sightings',
    'vehicles',
    'payments',
    'transactions',
    'personnel',
    'customers',
    'fuel_prices',
    'nozzles',
    'dispensers',
    'membership_stations',
    'stations',
    'memberships',
    'users',
    'organizations',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}

import { type Kysely, sql } from 'kysely';
import { index, partialIndex } from './dsl';

/**
 * Indexes for the operations, metrics and assets reads. Each names the query it serves;
 * docs/API.md lists the plans. Partial indexes (`where …`) are the same SQL on both dialects and
 * hold only the rows their query can match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Vehicle registry sorted by first visit.
  await index(db, 'vehicles', ['organization_id', 'first_seen_at desc', 'id desc']);
  // A nozzle's latest fill and its fills in a window (registry health, schematic).
  await index(db, 'transactions', ['nozzle_id', 'started_at desc']);
  // Customers ranked by quantity: only the fills booked to a customer, with every summed column.
  const customerColumns = ['started_at', 'customer_id', 'fuel', 'quantity_milli', 'amount_paise'];
  const booked = 'customer_id is not null';
  await partialIndex(
    db,
    'transactions_station_customer_fills_idx',
    'transactions',
    ['station_id', ...customerColumns],
    booked,
  );
  await partialIndex(
    db,
    'transactions_organization_customer_fills_idx',
    'transactions',
    ['organization_id', ...customerColumns],
    booked,
  );
  // Vehicles served (ANPR visits that ended in a fill) counted from the index alone.
  const served = 'transaction_id is not null';
  // (transaction_id is in the key so SQLite counts from the index alone: its partial-index check
  // does not count as covered otherwise.)
  const servedColumns = ['seen_at', 'transaction_id'];
  await partialIndex(
    db,
    'vehicle_sightings_station_served_idx',
    'vehicle_sightings',
    ['station_id', ...servedColumns],
    served,
  );
  await partialIndex(
    db,
    'vehicle_sightings_organization_served_idx',
    'vehicle_sightings',
    ['organization_id', ...servedColumns],
    served,
  );
  // Rollup reads answered from the index alone: a station's hours, an organisation's hours by station.
  const totals = ['fuel', 'payment_mode', 'transaction_count', 'quantity_milli', 'amount_paise'];
  await index(db, 'sales_hourly', ['station_id', 'bucket', ...totals], {
    name: 'sales_hourly_station_totals_idx',
  });
  await db.schema.dropIndex('sales_hourly_organization_id_bucket_idx').execute();
  await index(db, 'sales_hourly', ['organization_id', 'bucket', 'station_id', ...totals], {
    name: 'sales_hourly_organization_totals_idx',
  });

  // Rollup: sales per station, IST day (epoch ms of its midnight), fuel and payment mode, summed
  // from sales_hourly; long windows read a day per row instead of 24.
  await db.schema
    .createTable('sales_daily')
    .addColumn('organization_id', 'bigint', (c) => c.notNull())
    .addColumn('station_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('fuel', 'text', (c) => c.notNull())
    .addColumn('payment_mode', 'text', (c) => c.notNull())
    .addColumn('transaction_count', 'integer', (c) => c.notNull())
    .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_daily_pk', ['station_id', 'day', 'fuel', 'payment_mode'])
    .execute();
  await index(db, 'sales_daily', ['station_id', 'day', ...totals], {
    name: 'sales_daily_station_totals_idx',
  });
  await index(db, 'sales_daily', ['organization_id', 'day', 'station_id', ...totals], {
    name: 'sales_daily_organization_totals_idx',
  });
  // Rollup: ANPR visits and visits that ended in a fill, per station and IST day; long windows
  // count "vehicles served" from it instead of reading every sighting.
  await db.schema
    .createTable('sightings_daily')
    .addColumn('organization_id', 'bigint', (c) => c.notNull())
    .addColumn('station_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addColumn('served', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sightings_daily_pk', ['station_id', 'day'])
    .execute();
  await index(db, 'sightings_daily', ['station_id', 'day', 'visits', 'served'], {
    name: 'sightings_daily_station_totals_idx',
  });
  await index(db, 'sightings_daily', ['organization_id', 'day', 'station_id', 'visits', 'served'], {
    name: 'sightings_daily_organization_totals_idx',
  });

  // Databases seeded before this migration: days from the hours and sightings already there.
  const day = sql`(bucket + 19800000) / 86400000 * 86400000 - 19800000`;
  await sql`
    insert into sales_daily
      (organization_id, station_id, day, fuel, payment_mode, transaction_count, quantity_milli, amount_paise)
    select organization_id, station_id, ${day}, fuel, payment_mode,
           sum(transaction_count), sum(quantity_milli), sum(amount_paise)
      from sales_hourly
     group by organization_id, station_id, ${day}, fuel, payment_mode`.execute(db);
  const seenDay = sql`(seen_at + 19800000) / 86400000 * 86400000 - 19800000`;
  await sql`
    insert into sightings_daily (organization_id, station_id, day, visits, served)
    select organization_id, station_id, ${seenDay}, count(*), count(transaction_id)
      from vehicle_sightings
     group by organization_id, station_id, ${seenDay}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sightings_daily').execute();
  await db.schema.dropTable('sales_daily').execute();
  await db.schema.dropIndex('sales_hourly_organization_totals_idx').execute();
  await index(db, 'sales_hourly', ['organization_id', 'bucket']);
  for (const name of [
    'sales_hourly_station_totals_idx',
    'vehicle_sightings_organization_served_idx',
    'vehicle_sightings_station_served_idx',
    'transactions_organization_customer_fills_idx',
    'transactions_station_customer_fills_idx',
    'transactions_nozzle_id_started_at_idx',
    'vehicles_organization_id_first_seen_at_id_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}

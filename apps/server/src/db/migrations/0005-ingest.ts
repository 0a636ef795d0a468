import { type Kysely, sql } from 'kysely';
import { dialectOf, index, notNull, withId, withOrganization } from './dsl';

/**
 * The ingest API: per-station API keys, the sender's `source_id` on every ingested fact
 * (unique per station, so a repeated item has exactly one effect), and the reported states of
 * dispensers and nozzles.
 */

/** The fact tables ingest writes; each gets a nullable `source_id`, unique per station when set. */
const SOURCED_TABLES = ['transactions', 'payments', 'vehicle_sightings', 'congestion_samples'] as const;

/** `create unique index … where source_id is not null`: the same SQL on both dialects. */
async function uniqueSourceIndex(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(`${table}_station_source_idx`)
    .on(table)
    .columns(columns)
    .unique()
    .where(sql.ref('source_id'), 'is not', null)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const s = db.schema;

  // A station's API keys. The secret (≥ 256 random bits) is shown once; only its SHA-256 is kept,
  // which is enough for a high-entropy secret and lets a request find its key with one index probe.
  await withOrganization(withId(s.createTable('station_api_keys'), d))
    .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('prefix', 'text', notNull)
    .addColumn('secret_hash', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('created_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await index(db, 'station_api_keys', ['secret_hash'], { unique: true });
  await index(db, 'station_api_keys', ['station_id', 'created_at desc', 'id desc']);

  for (const table of SOURCED_TABLES) {
    await s.alterTable(table).addColumn('source_id', 'text').execute();
    await uniqueSourceIndex(db, table, ['station_id', 'source_id']);
  }

  // Reported states. dispensers.status / nozzles.status hold the latest; `state_at` is when it was
  // reported, so an older report arriving late does not overwrite a newer one.
  await s.alterTable('dispensers').addColumn('state_at', 'bigint').execute();
  await s.alterTable('nozzles').addColumn('state_at', 'bigint').execute();
  // Every accepted state report, for idempotency (one row per station, kind and source id) and history.
  await withOrganization(withId(s.createTable('asset_state_events'), d))
    .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull) // 'dispenser' | 'nozzle'
    .addColumn('dispenser_id', 'bigint', notNull)
    .addColumn('nozzle_id', 'bigint')
    .addColumn('status', 'text', notNull)
    .addColumn('at', 'bigint', notNull)
    .addColumn('source_id', 'text', notNull)
    .execute();
  await index(db, 'asset_state_events', ['station_id', 'kind', 'source_id'], { unique: true });
  await index(db, 'asset_state_events', ['dispenser_id', 'at desc']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_state_events').execute();
  await db.schema.alterTable('nozzles').dropColumn('state_at').execute();
  await db.schema.alterTable('dispensers').dropColumn('state_at').execute();
  for (const table of SOURCED_TABLES) {
    await db.schema.dropIndex(`${table}_station_source_idx`).execute();
    await db.schema.alterTable(table).dropColumn('source_id').execute();
  }
  await db.schema.dropTable('station_api_keys').execute();
}

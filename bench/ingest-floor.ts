import type { DatabaseHandle } from '../apps/server/src/db/database';
import { rowsWhere, timeFloorWrite } from './floor';

/** A batch the HTTP run sent: its station and the source-id prefix of its fills (`<tag>-<n>`). */
export type SentBatch = { stationId: number; tag: string };

/**
 * The floor of the ingest bench (bench/ingest.ts): the fills of each batch the HTTP run sent, read
 * back from `transactions` and written again as copies (new ids and source ids) by one raw
 * multi-row INSERT per 500 rows (SQLite) / one `unnest` INSERT (PostgreSQL) in one transaction,
 * into the same table with all its indexes — no parsing, checks, registry, rollups or events.
 * Returns one job per batch, resolving with the write's wall time in ms; the rows are read before,
 * so reading them is not measured.
 */
export async function floorJobs(
  handle: DatabaseHandle,
  sent: readonly SentBatch[],
  batchSize: number,
): Promise<(() => Promise<number>)[]> {
  const sources = [];
  for (const [i, { stationId, tag }] of sent.entries()) {
    const source = await rowsWhere(
      handle,
      'transactions',
      `station_id = ${stationId} and source_id like '${tag}-%'`,
    );
    if (source[0]!.rows.length !== batchSize)
      throw new Error(`floor: ${source[0]!.rows.length} rows of batch ${i}`);
    sources.push(source);
  }
  return sources.map(
    (source) => async () => (await timeFloorWrite(handle, source, 'floor', ['source_id'])).ms,
  );
}

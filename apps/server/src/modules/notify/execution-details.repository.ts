import { EXECUTION_CODES, type TExecutionCode, type TExecutionStatus } from '@forecourt/contracts';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { insertRows } from '../../db/bulk-insert.repository';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import type { NotifyExecutionDetailsTable } from '../../db/schema';
import { toHexId, toHexIdOrNull } from './ids';

export const EXECUTION_TEXT = Object.fromEntries(
  Object.entries(EXECUTION_CODES).map(([code, value]) => [code, value.text]),
) as Record<TExecutionCode, string>;

export type ExecutionDetailInput = Omit<Insertable<NotifyExecutionDetailsTable>, 'code' | 'status'> & {
  code: TExecutionCode;
  status: TExecutionStatus;
};

/** Rows per statement: PostgreSQL binds one array per column, so the size of a batch does not matter. */
const PG_CHUNK = 10_000;

/** Every column a detail may carry (absent ones bind null). */
const DETAIL_COLUMNS: readonly (keyof ExecutionDetailInput)[] = [
  'environmentId',
  'organizationId',
  'eventId',
  'notificationId',
  'jobId',
  'subscriberId',
  'workflowId',
  'messageId',
  'transactionId',
  'channel',
  'code',
  'status',
  'detail',
  'source',
  'raw',
  'createdAt',
];

/**
 * Writes execution details. PostgreSQL: `INSERT … SELECT FROM unnest(…)` with one array per
 * column (one prepared statement whatever the row count, no thousands of bind parameters to parse
 * and plan); SQLite: multi-row `INSERT … VALUES` written as SQL text once (db/bulk-insert.repository.ts).
 */
export async function insertExecutionDetails(db: Db, rows: readonly ExecutionDetailInput[]): Promise<void> {
  if (rows.length === 0) return;
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') {
    for (let start = 0; start < rows.length; start += PG_CHUNK) {
      const chunk = rows.slice(start, start + PG_CHUNK);
      const column = <T>(pick: (row: ExecutionDetailInput) => T | null | undefined) =>
        chunk.map((row) => pick(row) ?? null);
      await sql`insert into notify_execution_details
          (environment_id, organization_id, event_id, notification_id, job_id, subscriber_id,
           workflow_id, message_id, transaction_id, channel, code, status, detail, source, raw, created_at)
        select environment_id, organization_id, event_id, notification_id, job_id, subscriber_id,
           workflow_id, message_id, transaction_id, channel, code, status, detail,
           coalesce(source, 'Internal'), raw, created_at
        from unnest(
          ${column((row) => row.environmentId)}::bigint[], ${column((row) => row.organizationId)}::bigint[],
          ${column((row) => row.eventId)}::bigint[], ${column((row) => row.notificationId)}::bigint[],
          ${column((row) => row.jobId)}::bigint[], ${column((row) => row.subscriberId)}::bigint[],
          ${column((row) => row.workflowId)}::bigint[], ${column((row) => row.messageId)}::bigint[],
          ${column((row) => row.transactionId)}::text[], ${column((row) => row.channel)}::text[],
          ${column((row) => row.code)}::integer[], ${column((row) => row.status)}::text[],
          ${column((row) => row.detail)}::text[], ${column((row) => row.source)}::text[],
          ${column((row) => row.raw)}::text[], ${column((row) => row.createdAt)}::bigint[]
        ) with ordinality as d(environment_id, organization_id, event_id, notification_id, job_id,
           subscriber_id, workflow_id, message_id, transaction_id, channel, code, status, detail, source,
           raw, created_at, position)
        order by position`.execute(db);
    }
    return;
  }
  // Rows without a source take the column's default, as an insert leaving it out would.
  await insertRows(db, 'notifyExecutionDetails', DETAIL_COLUMNS, rows, '', { source: 'Internal' });
}

type DetailRow = Selectable<NotifyExecutionDetailsTable> & { externalSubscriberId: string | null };

/** The details of a notification (optionally only of one subscriber), oldest first. */
export function listExecutionDetails(
  db: Db,
  environmentId: number,
  filter: { notificationId?: number; subscriberId?: string; transactionId?: string },
): Promise<DetailRow[]> {
  let query = db
    .selectFrom('notifyExecutionDetails as d')
    .leftJoin('notifySubscribers as s', 's.id', 'd.subscriberId')
    .selectAll('d')
    .select('s.subscriberId as externalSubscriberId')
    .where('d.environmentId', '=', environmentId);
  if (filter.notificationId !== undefined)
    query = query.where('d.notificationId', '=', filter.notificationId);
  if (filter.transactionId !== undefined) query = query.where('d.transactionId', '=', filter.transactionId);
  if (filter.subscriberId !== undefined) query = query.where('s.subscriberId', '=', filter.subscriberId);
  return query.orderBy('d.id').limit(1000).execute();
}

/** An execution detail in Novu's shape, plus its execution `code` and the code's group. */
export function presentExecutionDetail(row: DetailRow) {
  const code = row.code as TExecutionCode;
  return {
    _id: toHexId(row.id),
    _organizationId: toHexId(row.organizationId),
    _environmentId: toHexId(row.environmentId),
    _notificationId: toHexIdOrNull(row.notificationId),
    _notificationTemplateId: toHexIdOrNull(row.workflowId),
    _jobId: toHexIdOrNull(row.jobId),
    _messageId: toHexIdOrNull(row.messageId),
    _subscriberId: toHexIdOrNull(row.subscriberId),
    subscriberId: row.externalSubscriberId,
    transactionId: row.transactionId,
    channel: row.channel,
    code: row.code,
    group: EXECUTION_CODES[code]?.group ?? 'info',
    detail: row.detail,
    status: row.status,
    source: row.source,
    isTest: false,
    isRetry: false,
    raw: row.raw,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

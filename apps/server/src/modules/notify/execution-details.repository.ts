import { EXECUTION_CODES, type TExecutionCode, type TExecutionStatus } from '@forecourt/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { NotifyExecutionDetailsTable } from '../../db/schema';
import { toHexId, toHexIdOrNull } from './ids';

export const EXECUTION_TEXT = Object.fromEntries(
  Object.entries(EXECUTION_CODES).map(([code, value]) => [code, value.text]),
) as Record<TExecutionCode, string>;

export type ExecutionDetailInput = Omit<Insertable<NotifyExecutionDetailsTable>, 'code' | 'status'> & {
  code: TExecutionCode;
  status: TExecutionStatus;
};

export async function insertExecutionDetails(db: Db, rows: readonly ExecutionDetailInput[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 300) {
    await db
      .insertInto('notifyExecutionDetails')
      .values(rows.slice(start, start + 300))
      .execute();
  }
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

/** An execution detail in Novu's shape, plus the spec §8 `code` and its group. */
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

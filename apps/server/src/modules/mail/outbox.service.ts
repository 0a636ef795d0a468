import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { SessionCaller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import {
  findOutboxMessage,
  listOutboxMessages,
  type OutboxRow,
  type OutboxVisibility,
} from './outbox.repository';
import type { TOutboxList, TOutboxListQuery, TOutboxMessage } from './outbox.schemas';

function present(row: OutboxRow): TOutboxMessage {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Everyone reads their own mail; holders of `outbox:r` also read their organisation's. */
async function visibilityOf(db: Db, caller: SessionCaller): Promise<OutboxVisibility> {
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  const readsOrganization = caller.organizationId !== null && caller.grants.has('outbox:r');
  return { email: user.email, organizationId: readsOrganization ? caller.organizationId : null };
}

export async function getOutboxList(
  db: Db,
  caller: SessionCaller,
  query: TOutboxListQuery,
): Promise<TOutboxList> {
  const { rows, count, approximate } = await listOutboxMessages(db, await visibilityOf(db, caller), query);
  return {
    count,
    pages: pageCount(count, query.limit),
    ...(approximate ? { approximate } : {}),
    results: rows.map(present),
  };
}

/** One message the caller may read; anything else (another organisation's) is a 404. */
export async function getOutboxMessage(db: Db, caller: SessionCaller, id: number): Promise<TOutboxMessage> {
  const row = await findOutboxMessage(db, await visibilityOf(db, caller), id);
  if (!row) throw notFound('Message');
  return present(row);
}

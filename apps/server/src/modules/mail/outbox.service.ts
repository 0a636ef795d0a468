import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { SessionCaller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import {
  findOutboxMessage,
  findReaderEmail,
  listOutboxMessages,
  type OutboxRow,
  type OutboxVisibility,
} from './outbox.repository';
import type { TOutboxList, TOutboxListQuery, TOutboxMessage } from './outbox.schemas';

const HIDDEN_BODY =
  'Only the recipient can read this message: mail holds personal links (password reset, email ' +
  'confirmation, invitation) that would let anyone who follows them act as the recipient.';

/**
 * A message as `reader` may see it: the whole mail when it is addressed to them or is one the
 * organisation sent on purpose (an invitation); otherwise (an admin looking at the organisation's
 * mail) that it was sent, to whom, when and its subject, but not its body, which holds the
 * recipient's own link (password reset, email confirmation).
 */
function present(row: OutboxRow, reader: OutboxVisibility): TOutboxMessage {
  const readable = row.recipient === reader.email || row.organizationReadsBody === 1;
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: readable ? row.textBody : HIDDEN_BODY,
    html: readable ? row.htmlBody : `<p>${HIDDEN_BODY}</p>`,
    ...(readable ? {} : { bodyHidden: true }),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Everyone reads their own mail; holders of `outbox:r` also see that the organisation's was sent. */
async function visibilityOf(db: Db, caller: SessionCaller): Promise<OutboxVisibility> {
  const user = await findReaderEmail(db, caller.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  const readsOrganization = caller.organizationId !== null && caller.grants.has('outbox:r');
  return { email: user.email, organizationId: readsOrganization ? caller.organizationId : null };
}

export async function getOutboxList(
  db: Db,
  caller: SessionCaller,
  query: TOutboxListQuery,
): Promise<TOutboxList> {
  const visibility = await visibilityOf(db, caller);
  const { rows, count, approximate } = await listOutboxMessages(db, visibility, query);
  return {
    count,
    pages: pageCount(count, query.limit),
    ...(approximate ? { approximate } : {}),
    results: rows.map((row) => present(row, visibility)),
  };
}

/** One message the caller may read; anything else (another organisation's) is a 404. */
export async function getOutboxMessage(db: Db, caller: SessionCaller, id: number): Promise<TOutboxMessage> {
  const visibility = await visibilityOf(db, caller);
  const row = await findOutboxMessage(db, visibility, id);
  if (!row) throw notFound('Message');
  return present(row, visibility);
}

import type { Db } from '../../db/database';

/** Test helpers for mail-driven flows (not used by the app). */

/** Outbox rows addressed to `to` (all rows when omitted), oldest first. */
export async function outboxFor(db: Db, to?: string) {
  let query = db.selectFrom('outbox').selectAll().orderBy('id');
  if (to !== undefined) query = query.where('recipient', '=', to);
  return query.execute();
}

/** The token in a mail's link to `path` (e.g. `/verify-email`), or throws. */
export function tokenFromMail(text: string, path: string, param = 'token'): string {
  const match = new RegExp(`https?://[^\\s]*${path}\\?${param}=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[1];
}

export const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

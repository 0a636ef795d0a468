import type { TSubscriberInput, TSubscriberProfile } from '@forecourt/contracts';
import { sqlDirection, type TSortDirection } from '@forecourt/contracts';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { countCapped } from '../../db/paging';
import type { NotifySubscribersTable } from '../../db/schema';

export type SubscriberRow = Selectable<NotifySubscribersTable>;
type Environment = { id: number; organizationId: number };

export function findSubscriber(db: Db, environmentId: number, subscriberId: string) {
  return db
    .selectFrom('notifySubscribers')
    .selectAll()
    .where('environmentId', '=', environmentId)
    .where('subscriberId', '=', subscriberId)
    .executeTakeFirst();
}

export function findSubscriberByRowId(db: Db, id: number) {
  return db.selectFrom('notifySubscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubscribersByRowIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as SubscriberRow[]);
  return db.selectFrom('notifySubscribers').selectAll().where('id', 'in', ids).execute();
}

/** The columns a profile sets: given fields only (`null` clears, absent keeps). */
export function profileColumns(profile: TSubscriberProfile): Updateable<NotifySubscribersTable> {
  const columns: Updateable<NotifySubscribersTable> = {};
  if (profile.firstName !== undefined) columns.firstName = profile.firstName;
  if (profile.lastName !== undefined) columns.lastName = profile.lastName;
  if (profile.email !== undefined) columns.email = profile.email;
  if (profile.phone !== undefined) columns.phone = profile.phone;
  if (profile.avatar !== undefined) columns.avatar = profile.avatar;
  if (profile.locale !== undefined) columns.locale = profile.locale;
  if (profile.data !== undefined) columns.data = JSON.stringify(profile.data ?? {});
  if (profile.channels !== undefined) columns.channels = JSON.stringify(profile.channels ?? []);
  return columns;
}

/**
 * Creates the subscriber or updates the profile fields given (one statement, so concurrent
 * upserts of the same id end with one row). Returns the row.
 */
export async function upsertSubscriber(
  db: Db,
  environment: Environment,
  input: TSubscriberInput,
  now: number,
): Promise<SubscriberRow> {
  const { subscriberId, ...profile } = input;
  const columns = profileColumns(profile);
  const row = await db
    .insertInto('notifySubscribers')
    .values({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      subscriberId,
      firstName: columns.firstName ?? null,
      lastName: columns.lastName ?? null,
      email: columns.email ?? null,
      phone: columns.phone ?? null,
      avatar: columns.avatar ?? null,
      locale: columns.locale ?? null,
      data: (columns.data as string | undefined) ?? '{}',
      channels: (columns.channels as string | undefined) ?? '[]',
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => {
      const target = oc.columns(['environmentId', 'subscriberId']);
      return Object.keys(columns).length === 0
        ? target.doUpdateSet({ environmentId: environment.id })
        : target.doUpdateSet({ ...columns, updatedAt: now });
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

/** Creates the subscribers with these ids that do not exist yet (id only). */
export async function insertMissingSubscribers(
  db: Db,
  environment: Environment,
  subscriberIds: readonly string[],
  now: number,
): Promise<void> {
  const unique = [...new Set(subscriberIds)];
  for (let start = 0; start < unique.length; start += 500) {
    await db
      .insertInto('notifySubscribers')
      .values(
        unique.slice(start, start + 500).map((subscriberId) => ({
          environmentId: environment.id,
          organizationId: environment.organizationId,
          subscriberId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflict((oc) => oc.columns(['environmentId', 'subscriberId']).doNothing())
      .execute();
  }
}

export async function updateSubscriber(
  db: Db,
  environmentId: number,
  subscriberId: string,
  columns: Updateable<NotifySubscribersTable>,
) {
  return db
    .updateTable('notifySubscribers')
    .set(columns)
    .where('environmentId', '=', environmentId)
    .where('subscriberId', '=', subscriberId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSubscriber(
  db: Db,
  environmentId: number,
  subscriberId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('notifySubscribers')
    .where('environmentId', '=', environmentId)
    .where('subscriberId', '=', subscriberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function listSubscribers(
  db: Db,
  environmentId: number,
  page: { page: number; limit: number; orderDirection?: TSortDirection | undefined },
) {
  const base = db.selectFrom('notifySubscribers').where('environmentId', '=', environmentId);
  const rows = await base
    .selectAll()
    .orderBy('createdAt', sqlDirection(page.orderDirection))
    .orderBy('id', sqlDirection(page.orderDirection))
    .limit(page.limit + 1)
    .offset(page.page * page.limit)
    .execute();
  const { count } = await countCapped(db, base.select('id'));
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit, count };
}

export async function setOnline(db: Db, id: number, online: boolean, now: number): Promise<void> {
  await db
    .updateTable('notifySubscribers')
    .set(online ? { isOnline: 1 } : { isOnline: 0, lastOnlineAt: now })
    .where('id', '=', id)
    .execute();
}

type ChannelEntry = {
  providerId?: unknown;
  integrationIdentifier?: unknown;
  credentials?: Record<string, unknown>;
};

function parseChannels(text: string): ChannelEntry[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as ChannelEntry[]) : [];
  } catch {
    return [];
  }
}

/**
 * Removes device tokens a push vendor reported as invalid from the subscriber's channel
 * credentials of that provider (read and written in one transaction). Returns how many went.
 */
export async function removeDeviceTokens(
  db: Db,
  subscriberRowId: number,
  providerId: string,
  tokens: readonly string[],
): Promise<number> {
  if (tokens.length === 0) return 0;
  const invalid = new Set(tokens);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('notifySubscribers')
      .select('channels')
      .where('id', '=', subscriberRowId)
      .executeTakeFirst();
    if (!row) return 0;
    let removed = 0;
    const channels = parseChannels(row.channels).map((entry) => {
      const list = entry.credentials?.deviceTokens;
      if (entry.providerId !== providerId || !Array.isArray(list)) return entry;
      const kept = list.filter((token) => !(typeof token === 'string' && invalid.has(token)));
      removed += list.length - kept.length;
      return { ...entry, credentials: { ...entry.credentials, deviceTokens: kept } };
    });
    if (removed > 0)
      await trx
        .updateTable('notifySubscribers')
        .set({ channels: JSON.stringify(channels) })
        .where('id', '=', subscriberRowId)
        .execute();
    return removed;
  });
}

/** Sets (merges) the subscriber's channel credentials of one provider (and integration). */
export async function setChannelCredentials(
  db: Db,
  subscriberRowId: number,
  entry: { providerId: string; integrationIdentifier?: string; credentials: Record<string, unknown> },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('notifySubscribers')
      .select('channels')
      .where('id', '=', subscriberRowId)
      .executeTakeFirst();
    if (!row) return;
    const channels = parseChannels(row.channels);
    const same = (other: ChannelEntry) =>
      other.providerId === entry.providerId &&
      (other.integrationIdentifier ?? null) === (entry.integrationIdentifier ?? null);
    const existing = channels.find(same);
    const next = existing
      ? channels.map((other) =>
          same(other) ? { ...other, credentials: { ...other.credentials, ...entry.credentials } } : other,
        )
      : [...channels, entry];
    await trx
      .updateTable('notifySubscribers')
      .set({ channels: JSON.stringify(next), updatedAt: now })
      .where('id', '=', subscriberRowId)
      .execute();
  });
}

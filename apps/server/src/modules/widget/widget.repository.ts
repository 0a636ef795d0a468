import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { dialectOf } from '../../db/migrations/dsl';
import type { MessageRow } from '../notify/messages.presenter';
import type { PayloadLeaf } from './widget-query';

/**
 * The inbox's reads and writes. Every query is scoped to one subscriber (internal id) and to live
 * in-app messages. The fixed predicates are SQL literals (`channel = 'in_app' and deleted = 0`,
 * `archived = 0`, `snoozed_until is null`, `seen = 0`), so SQLite and PostgreSQL match them to the
 * partial indexes of migration 0014: the visible feed's ids and its capped counts (by severity
 * too) come from an index alone; the archive and snoozed lists have their own.
 */
const INBOX = sql<SqlBool>`channel = 'in_app' and deleted = 0`;
const flag = (column: 'seen' | 'read', value: boolean) =>
  column === 'seen'
    ? sql<SqlBool>`seen = ${sql.lit(value ? 1 : 0)}`
    : sql<SqlBool>`"read" = ${sql.lit(value ? 1 : 0)}`;
const ARCHIVED = (value: boolean) => sql<SqlBool>`archived = ${sql.lit(value ? 1 : 0)}`;
const SNOOZED = (value: boolean) =>
  value ? sql<SqlBool>`snoozed_until is not null` : sql<SqlBool>`snoozed_until is null`;

export type InboxFilter = {
  /** Feed row ids; undefined: any feed. An empty list matches nothing. */
  feedIds?: readonly number[];
  seen?: boolean;
  read?: boolean;
  payload?: readonly PayloadLeaf[];
  /** Archived messages only (true), none (false, the default) or both (null). */
  archived?: boolean | null;
  /** Snoozed messages only (true) or none (false, the default): snoozed ones leave the inbox. */
  snoozed?: boolean;
  /** Any of these severities. An empty list matches nothing. */
  severity?: readonly string[];
  /** Messages of any of these workflows (the workflows a tag filter names). */
  workflowIds?: readonly number[];
  /** Created within these times (ms, inclusive). */
  createdGte?: number;
  createdLte?: number;
  /** Older than this message in feed order (the `after` cursor). */
  before?: { createdAt: number; id: number };
};

function payloadMatch(db: Db, leaf: PayloadLeaf): Expression<SqlBool> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') {
    return sql<SqlBool>`(payload::jsonb #> ${leaf.path}::text[]) = ${JSON.stringify(leaf.value ?? null)}::jsonb`;
  }
  const path = `$${leaf.path.map((key) => `."${key}"`).join('')}`;
  const value = leaf.value;
  if (value === null || value === undefined) return sql<SqlBool>`json_type(payload, ${path}) = 'null'`;
  if (typeof value === 'boolean')
    return sql<SqlBool>`json_type(payload, ${path}) = ${value ? 'true' : 'false'}`;
  if (typeof value === 'number') {
    return sql<SqlBool>`(json_type(payload, ${path}) in ('integer', 'real') and json_extract(payload, ${path}) = ${value})`;
  }
  if (typeof value === 'string') {
    return sql<SqlBool>`(json_type(payload, ${path}) = 'text' and json_extract(payload, ${path}) = ${value})`;
  }
  return sql<SqlBool>`(json_type(payload, ${path}) = 'array' and json_extract(payload, ${path}) = ${JSON.stringify(value)})`;
}

const NOTHING = sql<SqlBool>`1 = 0`;

function inbox(db: Db, subscriberId: number, filter: InboxFilter) {
  let query = db.selectFrom('notifyMessages').where('subscriberId', '=', subscriberId).where(INBOX);
  const archived = filter.archived === undefined ? false : filter.archived;
  if (archived !== null) query = query.where(ARCHIVED(archived));
  query = query.where(SNOOZED(filter.snoozed ?? false));
  if (filter.feedIds !== undefined) {
    query =
      filter.feedIds.length === 0 ? query.where(NOTHING) : query.where('feedId', 'in', [...filter.feedIds]);
  }
  if (filter.workflowIds !== undefined) {
    query =
      filter.workflowIds.length === 0
        ? query.where(NOTHING)
        : query.where('workflowId', 'in', [...filter.workflowIds]);
  }
  if (filter.severity !== undefined) {
    query =
      filter.severity.length === 0
        ? query.where(NOTHING)
        : query.where('severity', 'in', [...filter.severity]);
  }
  if (filter.seen !== undefined) query = query.where(flag('seen', filter.seen));
  if (filter.read !== undefined) query = query.where(flag('read', filter.read));
  if (filter.createdGte !== undefined) query = query.where('createdAt', '>=', filter.createdGte);
  if (filter.createdLte !== undefined) query = query.where('createdAt', '<=', filter.createdLte);
  if (filter.before) {
    const { createdAt, id } = filter.before;
    query = query.where((eb) =>
      eb.or([eb('createdAt', '<', createdAt), eb.and([eb('createdAt', '=', createdAt), eb('id', '<', id)])]),
    );
  }
  for (const leaf of filter.payload ?? []) query = query.where(payloadMatch(db, leaf));
  return query;
}

/** A feed page, newest first: the ids from the index, then the rows. `hasMore` from one extra id. */
export async function feedPage(
  db: Db,
  subscriberId: number,
  filter: InboxFilter,
  page: { page: number; limit: number; offset?: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const ids = await inbox(db, subscriberId, filter)
    .select('id')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset ?? page.page * page.limit)
    .execute();
  const pageIds = ids.slice(0, page.limit).map((row) => row.id);
  if (pageIds.length === 0) return { rows: [], hasMore: false };
  const rows = await db.selectFrom('notifyMessages').selectAll().where('id', 'in', pageIds).execute();
  const order = new Map(pageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { rows, hasMore: ids.length > page.limit };
}

/** Matching messages, counted up to `limit` rows (never more). */
export async function countInbox(
  db: Db,
  subscriberId: number,
  filter: InboxFilter,
  limit: number,
): Promise<number> {
  const capped = inbox(db, subscriberId, filter).select(sql<number>`1`.as('one')).limit(limit);
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from (${capped}) as capped`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Feed identifiers → feed row ids of the environment (unknown identifiers are dropped). */
export async function feedIdsOf(
  db: Db,
  environmentId: number,
  identifiers: readonly string[],
): Promise<number[]> {
  if (identifiers.length === 0) return [];
  const rows = await db
    .selectFrom('notifyFeeds')
    .select('id')
    .where('environmentId', '=', environmentId)
    .where('identifier', 'in', [...identifiers])
    .execute();
  return rows.map((row) => row.id);
}

export function findFeed(db: Db, environmentId: number, id: number) {
  return db
    .selectFrom('notifyFeeds')
    .select('id')
    .where('environmentId', '=', environmentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The subscriber's in-app messages among `ids` (deleted ones included unless `liveOnly`). */
export function ownMessages(db: Db, subscriberId: number, ids: readonly number[], liveOnly = false) {
  if (ids.length === 0) return Promise.resolve([] as MessageRow[]);
  let query = db
    .selectFrom('notifyMessages')
    .selectAll()
    .where('subscriberId', '=', subscriberId)
    .where(sql<SqlBool>`channel = 'in_app'`)
    .where('id', 'in', [...ids]);
  if (liveOnly) query = query.where(sql<SqlBool>`deleted = 0`);
  return query.orderBy('id').execute();
}

/** Sets the flags given (each with its timestamp) on the subscriber's live messages among `ids`. */
export async function markMessages(
  db: Db,
  subscriberId: number,
  ids: readonly number[],
  mark: { seen?: boolean; read?: boolean },
  now: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifyMessages')
    .set({
      ...(mark.seen === undefined ? {} : { seen: mark.seen ? 1 : 0, lastSeenAt: now }),
      ...(mark.read === undefined ? {} : { read: mark.read ? 1 : 0, lastReadAt: now }),
      updatedAt: now,
    })
    .where('subscriberId', '=', subscriberId)
    .where(INBOX)
    .where('id', 'in', [...ids])
    .execute();
}

/** Mark all read (every unread message) or seen (every message, left unread); how many changed. */
export async function markAll(
  db: Db,
  subscriberId: number,
  feedIds: readonly number[] | undefined,
  what: 'read' | 'seen',
  now: number,
): Promise<number> {
  if (feedIds !== undefined && feedIds.length === 0) return 0;
  return updateMatching(
    db,
    subscriberId,
    // Mark all seen: every message of the inbox is seen and unread, as the published clients show
    // it after the call (mark all read: every unread one is read and seen).
    what === 'read'
      ? { ...(feedIds === undefined ? {} : { feedIds }), read: false }
      : feedIds === undefined
        ? {}
        : { feedIds },
    what === 'read'
      ? { read: 1, seen: 1, lastReadAt: now, lastSeenAt: now, updatedAt: now }
      : { seen: 1, read: 0, lastSeenAt: now, updatedAt: now },
  );
}

type MessageChange = Partial<{
  seen: number;
  read: number;
  archived: number;
  deleted: number;
  lastSeenAt: number;
  lastReadAt: number;
  archivedAt: number | null;
  deletedAt: number;
  snoozedUntil: number | null;
  updatedAt: number;
}>;

/** Applies `change` to every message of the subscriber that `filter` matches; how many changed. */
export async function updateMatching(
  db: Db,
  subscriberId: number,
  filter: InboxFilter,
  change: MessageChange,
): Promise<number> {
  const ids = inbox(db, subscriberId, filter).select('id');
  const result = await db
    .updateTable('notifyMessages')
    .set(change)
    .where('subscriberId', '=', subscriberId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Applies `change` to the subscriber's live in-app messages among `ids` (any state). */
export async function updateOwn(
  db: Db,
  subscriberId: number,
  ids: readonly number[],
  change: MessageChange,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifyMessages')
    .set(change)
    .where('subscriberId', '=', subscriberId)
    .where(INBOX)
    .where('id', 'in', [...ids])
    .execute();
}

/** Unread counts of the visible inbox by severity, each capped at `limit`. */
export async function countBySeverity(
  db: Db,
  subscriberId: number,
  severities: readonly string[],
  limit: number,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const severity of severities) {
    out[severity] = await countInbox(db, subscriberId, { read: false, severity: [severity] }, limit);
  }
  return out;
}

/**
 * Wakes snoozed messages whose time has come: back in the inbox, unread and unseen, at the top
 * (their time becomes the wake-up time). One guarded UPDATE: two processes never wake one twice.
 */
export async function wakeDueSnoozes(
  db: Db,
  now: number,
  batch = 500,
): Promise<{ id: number; subscriberId: number }[]> {
  const due = db
    .selectFrom('notifyMessages')
    .select('id')
    .where('snoozedUntil', 'is not', null)
    .where('snoozedUntil', '<=', now)
    .orderBy('snoozedUntil')
    .limit(batch);
  return db
    .updateTable('notifyMessages')
    .set({ snoozedUntil: null, seen: 0, read: 0, createdAt: now, updatedAt: now })
    .where('id', 'in', due)
    .where('snoozedUntil', 'is not', null)
    .where('snoozedUntil', '<=', now)
    .returning(['id', 'subscriberId'])
    .execute();
}

/** Soft-deletes the subscriber's live messages among `ids` (or all, optionally of one feed). */
export async function softDelete(
  db: Db,
  subscriberId: number,
  target: { ids: readonly number[] } | { feedId: number | null },
  now: number,
): Promise<number> {
  let query = db
    .updateTable('notifyMessages')
    .set({ deleted: 1, deletedAt: now, updatedAt: now })
    .where('subscriberId', '=', subscriberId)
    .where(INBOX);
  if ('ids' in target) {
    if (target.ids.length === 0) return 0;
    query = query.where('id', 'in', [...target.ids]);
  } else if (target.feedId !== null) {
    query = query.where('feedId', '=', target.feedId);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setCta(db: Db, id: number, cta: string, now: number): Promise<void> {
  await db.updateTable('notifyMessages').set({ cta, updatedAt: now }).where('id', '=', id).execute();
}

/** The organisation's name and settings (the inbox reads its branding there). */
export function findOrganizationBranding(db: Db, organizationId: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'settings'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
}

export type PreferenceRow = { workflowId: number; enabled: number; channels: string };

/** The subscriber's own preferences: workflow 0 is the global one. */
export function subscriberPreferenceRows(db: Db, subscriberId: number): Promise<PreferenceRow[]> {
  return db
    .selectFrom('notifySubscriberPreferences')
    .select(['workflowId', 'enabled', 'channels'])
    .where('subscriberId', '=', subscriberId)
    .execute();
}

/** Writes the subscriber's preference of one workflow (0: global). */
export async function upsertPreference(
  db: Db,
  key: { environmentId: number; subscriberId: number; workflowId: number },
  values: { enabled: number; channels: string; updatedAt: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('notifySubscriberPreferences')
    .values({ ...key, ...values, createdAt: now })
    .onConflict((oc) => oc.columns(['subscriberId', 'workflowId']).doUpdateSet(values))
    .execute();
}

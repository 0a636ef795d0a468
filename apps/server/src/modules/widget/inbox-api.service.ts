import {
  INBOX_COUNT_CAP,
  INBOX_COUNT_MAX_FILTERS,
  NOTIFY_CHANNELS,
  SEVERITIES,
  type TInboxCount,
  type TInboxFilter,
  type TInboxNotification,
  type TInboxPreference,
  type TInboxSessionRequest,
  type TInboxSessionResponse,
  type TNotifyChannel,
  type TSeverity,
  type TSubscriberInput,
  type TWidgetCta,
  ZInboxFilter,
} from '@forecourt/contracts';
import { AppError, notFound } from '../../lib/app-error';
import { fromHexId } from '../notify/ids';
import type { MessageRow } from '../notify/messages.presenter';
import { findSubscribersByRowIds, listEnvironmentWorkflows, type WorkflowRow } from '../notify/notify';
import type { NotifyDeps } from '../notify/notify.deps';
import { activeChannels, parsePreferenceSettings, parseSteps, parseTags } from '../notify/workflows.service';
import { presentInboxNotification, presentInboxWorkflow } from './inbox-api.presenter';
import {
  countBySeverity,
  countInbox,
  feedPage,
  type InboxFilter,
  ownMessages,
  type PreferenceRow,
  setCta,
  updateMatching,
  updateOwn,
} from './widget.repository';
import {
  type Channels,
  preferenceRows,
  savePreference,
  startSession,
  type WidgetSession,
} from './widget.service';
import { payloadLeaves } from './widget-query';

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'inbox'>;

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** Default longest snooze: 30 days. */
export const DEFAULT_MAX_SNOOZE_HOURS = 720;

// ─── session ────────────────────────────────────────────────────────────────────────────────

/**
 * `POST /v1/inbox/session`: the subscriber as an object, as its id, or the older `subscriberId`.
 * Keyless sessions (no application identifier) and `context` (tenant-scoped inboxes) are refused
 * with a 400 that says so.
 */
export async function openInboxSession(
  deps: Deps,
  body: TInboxSessionRequest,
  maxSnoozeHours: number,
): Promise<TInboxSessionResponse> {
  if (!body.applicationIdentifier) {
    throw bad(
      'applicationIdentifier is required: sessions without an application identifier are not supported',
    );
  }
  const context = body.context;
  if (
    context !== undefined &&
    context !== null &&
    !(typeof context === 'object' && Object.keys(context as object).length === 0)
  ) {
    throw bad('context is not supported yet: inboxes are not scoped by context on this server');
  }
  const profile = subscriberOf(body);
  const { token, subscriber } = await startSession(deps, {
    applicationIdentifier: body.applicationIdentifier,
    hash: body.subscriberHash,
    profile,
  });
  const unread = await unreadCounts(deps, subscriber.id);
  return {
    token,
    totalUnreadCount: unread.total,
    unreadCount: unread,
    removeNovuBranding: true,
    maxSnoozeDurationHours: maxSnoozeHours,
    isDevelopmentMode: false,
    applicationIdentifier: body.applicationIdentifier,
  };
}

function subscriberOf(body: TInboxSessionRequest): TSubscriberInput {
  const given = body.subscriber;
  if (given && typeof given === 'object') {
    const { timezone: _timezone, ...profile } = given as typeof given & { timezone?: unknown };
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(profile)) if (value !== undefined) out[key] = value;
    return out as TSubscriberInput;
  }
  const subscriberId = (typeof given === 'string' ? given : body.subscriberId)?.trim();
  if (!subscriberId) throw bad('subscriber (or subscriberId) is required');
  return { subscriberId };
}

/** Unread messages of the visible inbox by severity, each capped like the counts. */
export async function unreadCounts(deps: Pick<Deps, 'db'>, subscriberId: number) {
  const severity = (await countBySeverity(deps.db, subscriberId, SEVERITIES, INBOX_COUNT_CAP)) as Record<
    TSeverity,
    number
  >;
  const total = Math.min(
    INBOX_COUNT_CAP,
    SEVERITIES.reduce((sum, key) => sum + severity[key], 0),
  );
  return { total, severity };
}

// ─── filters ────────────────────────────────────────────────────────────────────────────────

/** Tag groups: a message matches when its workflow has a tag of every group. */
export type TagGroups = string[][];

function workflowIdsFor(workflows: readonly WorkflowRow[], groups: TagGroups): number[] {
  return workflows
    .filter((workflow) => {
      const tags = new Set(parseTags(workflow));
      return groups.every((group) => group.some((tag) => tags.has(tag)));
    })
    .map((workflow) => workflow.id);
}

type Resolved = { filter: InboxFilter; workflows: WorkflowRow[] };

/** A wire filter → the repository's, resolving tags to workflows and `data` to payload leaves. */
async function resolveFilter(
  deps: Deps,
  session: WidgetSession,
  wire: TInboxFilter & { tagGroups?: TagGroups | undefined },
  workflows?: WorkflowRow[],
): Promise<Resolved> {
  const all = workflows ?? (await listEnvironmentWorkflows(deps.db, session.subscriber.environmentId));
  const filter: InboxFilter = { archived: wire.archived ?? null };
  const groups = wire.tagGroups ?? (wire.tags && wire.tags.length > 0 ? [wire.tags] : undefined);
  if (groups && groups.length > 0) filter.workflowIds = workflowIdsFor(all, groups);
  if (wire.read !== undefined) filter.read = wire.read;
  if (wire.seen !== undefined) filter.seen = wire.seen;
  if (wire.snoozed !== undefined) filter.snoozed = wire.snoozed;
  if (wire.severity !== undefined) {
    filter.severity = Array.isArray(wire.severity) ? wire.severity : [wire.severity];
  }
  if (wire.createdGte !== undefined) filter.createdGte = wire.createdGte;
  if (wire.createdLte !== undefined) filter.createdLte = wire.createdLte;
  if (wire.data !== undefined) {
    const leaves = payloadLeaves(wire.data);
    if (!leaves) throw bad('data must be a JSON object of at most 20 values');
    filter.payload = leaves;
  }
  return { filter, workflows: all };
}

// ─── list and counts ────────────────────────────────────────────────────────────────────────

async function present(
  deps: Deps,
  session: WidgetSession,
  rows: readonly MessageRow[],
  workflows?: readonly WorkflowRow[],
): Promise<TInboxNotification[]> {
  if (rows.length === 0) return [];
  const byId = new Map(
    (workflows ?? (await listEnvironmentWorkflows(deps.db, session.subscriber.environmentId))).map((w) => [
      w.id,
      w,
    ]),
  );
  const actorIds = rows.map((row) => row.actorSubscriberId).filter((id): id is number => id !== null);
  const profiles = new Map(
    (await findSubscribersByRowIds(deps.db, [session.subscriber.id, ...new Set(actorIds)])).map((row) => [
      row.id,
      row,
    ]),
  );
  const subscriber = profiles.get(session.subscriber.id);
  if (!subscriber) throw new AppError('INVALID_TOKEN', 'The inbox session is invalid or has expired');
  return rows.map((row) =>
    presentInboxNotification(row, {
      subscriber,
      workflow: row.workflowId === null ? undefined : byId.get(row.workflowId),
      actorAvatar:
        row.actorSubscriberId === null ? null : (profiles.get(row.actorSubscriberId)?.avatar ?? null),
    }),
  );
}

export type ListQuery = TInboxFilter & {
  tagGroups?: TagGroups | undefined;
  limit: number;
  after?: string | undefined;
  offset?: number | undefined;
};

/** `GET /inbox/notifications`: newest first, after a cursor (a notification id) or an offset. */
export async function listInboxNotifications(deps: Deps, session: WidgetSession, query: ListQuery) {
  const { filter, workflows } = await resolveFilter(deps, session, query);
  if (query.after !== undefined) {
    const id = fromHexId(query.after);
    const [cursor] = id === null ? [] : await ownMessages(deps.db, session.subscriber.id, [id]);
    if (!cursor) throw bad('after must be the id of one of your notifications');
    filter.before = { createdAt: cursor.createdAt, id: cursor.id };
  }
  const { rows, hasMore } = await feedPage(deps.db, session.subscriber.id, filter, {
    page: 0,
    limit: query.limit,
    offset: query.offset ?? 0,
  });
  const { limit: _limit, after: _after, offset: _offset, tagGroups: _groups, ...echo } = query;
  return { data: await present(deps, session, rows, workflows), hasMore, filter: echo };
}

/** `GET /inbox/notifications/count?filters=[…]`: one capped count per filter (at most 30). */
export async function countInboxNotifications(
  deps: Deps,
  session: WidgetSession,
  filtersText: string | undefined,
): Promise<TInboxCount[]> {
  let parsed: unknown;
  try {
    parsed = filtersText === undefined ? [{}] : JSON.parse(filtersText);
  } catch {
    throw bad('filters must be a JSON array of filters');
  }
  if (!Array.isArray(parsed)) throw bad('filters must be a JSON array of filters');
  if (parsed.length > INBOX_COUNT_MAX_FILTERS) {
    throw bad(`At most ${INBOX_COUNT_MAX_FILTERS} filters can be counted at once`);
  }
  const workflows = await listEnvironmentWorkflows(deps.db, session.subscriber.environmentId);
  const out: TInboxCount[] = [];
  for (const raw of parsed) {
    const result = ZInboxFilter.safeParse(raw ?? {});
    if (!result.success) throw bad(`Invalid filter: ${result.error.issues[0]?.message ?? 'malformed'}`);
    const { filter } = await resolveFilter(deps, session, result.data, workflows);
    out.push({
      count: await countInbox(deps.db, session.subscriber.id, filter, INBOX_COUNT_CAP),
      filter: result.data,
    });
  }
  return out;
}

// ─── one notification ───────────────────────────────────────────────────────────────────────

export type NotificationChange =
  | { kind: 'read' | 'unread' | 'archive' | 'unarchive' | 'unsnooze' }
  | { kind: 'snooze'; until: string; maxSnoozeHours: number }
  | { kind: 'complete' | 'revert'; actionType: 'primary' | 'secondary' };

async function ownLive(deps: Deps, session: WidgetSession, notificationId: string): Promise<MessageRow> {
  const id = fromHexId(notificationId);
  const [row] = id === null ? [] : await ownMessages(deps.db, session.subscriber.id, [id], true);
  if (!row) throw notFound('Notification');
  return row;
}

function snoozeTime(until: string, now: number, maxSnoozeHours: number): number {
  const at = /^\d+$/.test(until) ? Number(until) : Date.parse(until);
  if (!Number.isFinite(at)) throw bad('snoozeUntil must be a date and time (ISO 8601)');
  if (at <= now) throw bad('snoozeUntil must be in the future');
  if (at - now > maxSnoozeHours * 3_600_000) {
    throw bad(`A notification can be snoozed for at most ${maxSnoozeHours} hours`);
  }
  return at;
}

/** read, unread, archive, unarchive, snooze, unsnooze, complete or revert one notification. */
export async function changeNotification(
  deps: Deps,
  session: WidgetSession,
  notificationId: string,
  change: NotificationChange,
): Promise<TInboxNotification> {
  const row = await ownLive(deps, session, notificationId);
  const now = deps.now();
  const ids = [row.id];
  switch (change.kind) {
    case 'read':
      await updateOwn(deps.db, session.subscriber.id, ids, {
        read: 1,
        seen: 1,
        lastReadAt: now,
        lastSeenAt: now,
        archived: 0,
        archivedAt: null,
        updatedAt: now,
      });
      break;
    case 'unread':
      await updateOwn(deps.db, session.subscriber.id, ids, {
        read: 0,
        seen: 1,
        lastSeenAt: now,
        archived: 0,
        archivedAt: null,
        updatedAt: now,
      });
      break;
    case 'archive':
      await updateOwn(deps.db, session.subscriber.id, ids, {
        archived: 1,
        archivedAt: now,
        read: 1,
        seen: 1,
        lastReadAt: now,
        lastSeenAt: now,
        updatedAt: now,
      });
      break;
    case 'unarchive':
      await updateOwn(deps.db, session.subscriber.id, ids, { archived: 0, archivedAt: null, updatedAt: now });
      break;
    case 'snooze':
      await updateOwn(deps.db, session.subscriber.id, ids, {
        snoozedUntil: snoozeTime(change.until, now, change.maxSnoozeHours),
        updatedAt: now,
      });
      break;
    case 'unsnooze':
      await updateOwn(deps.db, session.subscriber.id, ids, { snoozedUntil: null, updatedAt: now });
      break;
    case 'complete':
    case 'revert': {
      const cta: TWidgetCta =
        row.cta === null ? { type: 'redirect', data: {} } : (JSON.parse(row.cta) as TWidgetCta);
      if (!cta.action?.buttons?.some((button) => button.type === change.actionType)) {
        throw bad(`The notification has no ${change.actionType} action`);
      }
      cta.action = {
        ...cta.action,
        status: change.kind === 'complete' ? 'done' : 'pending',
        result: { ...(cta.action.result ?? {}), type: change.actionType },
      };
      await setCta(deps.db, row.id, JSON.stringify(cta), now);
      break;
    }
  }
  if (change.kind !== 'complete' && change.kind !== 'revert') {
    deps.inbox.countsChanged(session.subscriber.id, { unseen: true, unread: true });
  }
  const [after] = await ownMessages(deps.db, session.subscriber.id, ids);
  const [presented] = await present(deps, session, after ? [after] : []);
  if (!presented) throw notFound('Notification');
  return presented;
}

/** Deletes one notification (soft: it leaves every list and count). */
export async function deleteNotification(deps: Deps, session: WidgetSession, notificationId: string) {
  const row = await ownLive(deps, session, notificationId);
  const now = deps.now();
  await updateOwn(deps.db, session.subscriber.id, [row.id], { deleted: 1, deletedAt: now, updatedAt: now });
  deps.inbox.countsChanged(session.subscriber.id, { unseen: true, unread: true });
}

// ─── many notifications ─────────────────────────────────────────────────────────────────────

export type BulkScope = { tagGroups?: TagGroups | undefined; data?: Record<string, unknown> | undefined };

export type BulkAction = 'read' | 'seen' | 'archive' | 'archive-read' | 'delete';

/**
 * The "all" actions over the notifications the open tab shows (its tags and data): mark all read,
 * mark all seen, archive all, archive all read, delete all. Returns how many changed.
 */
export async function bulkChange(
  deps: Deps,
  session: WidgetSession,
  action: BulkAction,
  scope: BulkScope,
): Promise<number> {
  const now = deps.now();
  const base = { tagGroups: scope.tagGroups, ...(scope.data === undefined ? {} : { data: scope.data }) };
  const filters: Record<BulkAction, TInboxFilter> = {
    read: { read: false, archived: false },
    seen: { seen: false, archived: false },
    archive: { archived: false },
    'archive-read': { archived: false, read: true },
    delete: {},
  };
  const { filter } = await resolveFilter(deps, session, { ...filters[action], ...base });
  if (action === 'delete') filter.archived = null;
  const changed = await updateMatching(
    deps.db,
    session.subscriber.id,
    filter,
    action === 'read'
      ? { read: 1, seen: 1, lastReadAt: now, lastSeenAt: now, updatedAt: now }
      : action === 'seen'
        ? { seen: 1, lastSeenAt: now, updatedAt: now }
        : action === 'delete'
          ? { deleted: 1, deletedAt: now, updatedAt: now }
          : action === 'archive'
            ? {
                archived: 1,
                archivedAt: now,
                read: 1,
                seen: 1,
                lastReadAt: now,
                lastSeenAt: now,
                updatedAt: now,
              }
            : { archived: 1, archivedAt: now, updatedAt: now },
  );
  if (changed > 0) deps.inbox.countsChanged(session.subscriber.id, { unseen: true, unread: true });
  return changed;
}

/** `POST /inbox/notifications/seen` with ids: those of the subscriber's notifications. */
export async function markSeen(deps: Deps, session: WidgetSession, notificationIds: readonly string[]) {
  const ids = notificationIds.map(fromHexId).filter((id): id is number => id !== null);
  const now = deps.now();
  await updateOwn(deps.db, session.subscriber.id, ids, { seen: 1, lastSeenAt: now, updatedAt: now });
  if (ids.length > 0) deps.inbox.countsChanged(session.subscriber.id, { unseen: true });
}

// ─── preferences ────────────────────────────────────────────────────────────────────────────

function presentWorkflowPreference(workflow: WorkflowRow, own: PreferenceRow | undefined): TInboxPreference {
  const defaults = parsePreferenceSettings(workflow);
  const set = own ? (JSON.parse(own.channels) as Channels) : {};
  const channels: Channels = {};
  for (const channel of activeChannels(parseSteps(workflow))) {
    channels[channel] = set[channel] ?? defaults[channel] ?? true;
  }
  return {
    level: 'template',
    enabled: own ? own.enabled === 1 : true,
    channels,
    workflow: presentInboxWorkflow(workflow),
  };
}

function presentGlobal(row: PreferenceRow | undefined): TInboxPreference {
  const set = row ? (JSON.parse(row.channels) as Channels) : {};
  return {
    level: 'global',
    enabled: row ? row.enabled === 1 : true,
    channels: Object.fromEntries(NOTIFY_CHANNELS.map((channel) => [channel, set[channel] ?? true])),
  };
}

export type PreferenceQuery = {
  tags?: string[] | undefined;
  severity?: TSeverity[] | undefined;
  criticality?: 'critical' | 'nonCritical' | 'all' | undefined;
};

/**
 * `GET /inbox/preferences`: the global preference, then one per active workflow. Critical
 * workflows are left out unless asked for (`criticality=critical|all`).
 */
export async function listPreferences(
  deps: Deps,
  session: WidgetSession,
  query: PreferenceQuery,
): Promise<TInboxPreference[]> {
  const [workflows, own] = await Promise.all([
    listEnvironmentWorkflows(deps.db, session.subscriber.environmentId),
    preferenceRows(deps, session),
  ]);
  const criticality = query.criticality ?? 'nonCritical';
  const shown = workflows.filter((workflow) => {
    if (workflow.active !== 1) return false;
    if (criticality === 'nonCritical' && workflow.critical === 1) return false;
    if (criticality === 'critical' && workflow.critical !== 1) return false;
    if (query.tags && query.tags.length > 0) {
      const tags = new Set(parseTags(workflow));
      if (!query.tags.some((tag) => tags.has(tag))) return false;
    }
    if (query.severity && !query.severity.includes(workflow.severity as TSeverity)) return false;
    return activeChannels(parseSteps(workflow)).length > 0;
  });
  return [presentGlobal(own.get(0)), ...shown.map((w) => presentWorkflowPreference(w, own.get(w.id)))];
}

export async function getGlobalPreference(deps: Deps, session: WidgetSession): Promise<TInboxPreference> {
  return presentGlobal((await preferenceRows(deps, session)).get(0));
}

export type ChannelChange = Partial<Record<TNotifyChannel, boolean>> & { enabled?: boolean | undefined };

function channelsOf(change: ChannelChange): Channels {
  const channels: Channels = {};
  for (const channel of NOTIFY_CHANNELS) {
    const value = change[channel];
    if (typeof value === 'boolean') channels[channel] = value;
  }
  return channels;
}

export async function updateGlobalPreference(
  deps: Deps,
  session: WidgetSession,
  change: ChannelChange,
): Promise<TInboxPreference> {
  const own = (await preferenceRows(deps, session)).get(0);
  const saved = await savePreference(deps, session, 0, own, {
    ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
    channels: channelsOf(change),
  });
  return presentGlobal(saved);
}

/** A workflow by wire id or trigger identifier; 404 for another environment's. */
function findWorkflow(workflows: readonly WorkflowRow[], key: string): WorkflowRow {
  const id = fromHexId(key);
  const workflow = workflows.find((w) => (id !== null && w.id === id) || w.triggerIdentifier === key);
  if (!workflow) throw notFound('Workflow');
  return workflow;
}

export async function updateWorkflowPreferences(
  deps: Deps,
  session: WidgetSession,
  changes: readonly ({ workflowId: string } & ChannelChange)[],
): Promise<TInboxPreference[]> {
  const [workflows, own] = await Promise.all([
    listEnvironmentWorkflows(deps.db, session.subscriber.environmentId),
    preferenceRows(deps, session),
  ]);
  const targets = changes.map((change) => ({ change, workflow: findWorkflow(workflows, change.workflowId) }));
  for (const { change, workflow } of targets) {
    const turnsOff = change.enabled === false || Object.values(channelsOf(change)).includes(false);
    if (workflow.critical === 1 && turnsOff) throw bad('Critical workflows cannot be turned off');
  }
  const out: TInboxPreference[] = [];
  for (const { change, workflow } of targets) {
    const saved = await savePreference(deps, session, workflow.id, own.get(workflow.id), {
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      channels: channelsOf(change),
    });
    own.set(workflow.id, saved);
    out.push(presentWorkflowPreference(workflow, saved));
  }
  return out;
}

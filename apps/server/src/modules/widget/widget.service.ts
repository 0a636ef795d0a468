import {
  NOTIFY_CHANNELS,
  type TNotifyChannel,
  type TSessionInitialize,
  type TSubscriberInput,
  type TWidgetCta,
  type TWidgetMessage,
  WIDGET_COUNT_LIMIT,
} from '@forecourt/contracts';
import { AppError, notFound } from '../../lib/app-error';
import { secretKeyOf } from '../notify/environments.service';
import { fromHexId, isHexId, toHexId } from '../notify/ids';
import { presentMessage } from '../notify/messages.presenter';
import {
  findEnvironmentByApplicationIdentifier,
  findSubscribersByRowIds,
  findWorkflowById,
  listActiveWorkflows,
  upsertSubscriber,
  type WorkflowRow,
} from '../notify/notify';
import type { NotifyDeps } from '../notify/notify.deps';
import { sameHash, subscriberHash } from '../notify/secrets';
import { templateVariables } from '../notify/templates';
import { activeChannels, parsePreferenceSettings, parseSteps, parseTags } from '../notify/workflows.service';
import {
  countInbox,
  feedIdsOf,
  feedPage,
  findFeed,
  findOrganizationBranding,
  type InboxFilter,
  markAll,
  markMessages,
  ownMessages,
  type PreferenceRow,
  setCta,
  softDelete,
  subscriberPreferenceRows,
  upsertPreference,
} from './widget.repository';

import { decodePayloadFilter, type TWidgetQuery } from './widget-query';
import { keyVersion, sessionGenerationFor } from './widget-session';
import type { WidgetIdentity } from './widget-session-cache';
import { signWidgetToken } from './widget-token';

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'inbox'>;

/** The subscriber of an inbox request: its identity only (profile fields are read when shown). */
export type WidgetSession = { subscriber: WidgetIdentity };

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** Row ids of wire ids; ids that are not ours are dropped (they match nothing). */
const rowIds = (ids: readonly string[]) => ids.map(fromHexId).filter((id): id is number => id !== null);

// ─── session ────────────────────────────────────────────────────────────────────────────────

/**
 * Opens an inbox session (both APIs): a known application identifier (else 400), the HMAC of the
 * subscriber id when the environment requires it (400 when missing or wrong; compared in constant
 * time), then the subscriber is created or its given profile fields updated, and a token issued.
 */
export async function startSession(
  deps: Deps,
  request: { applicationIdentifier: string; hash: string | null | undefined; profile: TSubscriberInput },
) {
  const environment = await findEnvironmentByApplicationIdentifier(deps.db, request.applicationIdentifier);
  if (!environment) throw bad('Please provide a valid app identifier');
  if (environment.hmacRequired === 1) {
    const expected = subscriberHash(await secretKeyOf(deps, environment), request.profile.subscriberId);
    if (typeof request.hash !== 'string' || !sameHash(request.hash, expected)) {
      throw bad('Please provide a valid HMAC hash');
    }
  }
  // A dashboard user's inbox is bound to the account's sessions (widget-session.ts).
  const userGeneration = await sessionGenerationFor(deps.db, {
    organizationId: environment.organizationId,
    subscriberId: request.profile.subscriberId,
  });
  if (userGeneration === null) {
    throw new AppError('FORBIDDEN', 'This account is disabled or no longer a member of the organisation');
  }
  const subscriber = await upsertSubscriber(deps.db, environment, request.profile, deps.now());
  const token = await signWidgetToken(
    await deps.keys.widgetSigningKey(),
    subscriber,
    { keyVersion: keyVersion(environment.secretKeyHash), userGeneration },
    deps.now(),
  );
  return { token, subscriber, environment };
}

/** Session initialize of the widget API: checks the app identifier and hash, upserts the subscriber. */
export async function initializeSession(deps: Deps, body: TSessionInitialize) {
  const { token, subscriber } = await startSession(deps, {
    applicationIdentifier: body.applicationIdentifier,
    hash: body.hmacHash,
    profile: {
      subscriberId: body.subscriberId,
      ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
      ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
      ...(body.email === undefined ? {} : { email: body.email }),
      ...(body.phone === undefined ? {} : { phone: body.phone }),
    },
  });
  return {
    token,
    profile: {
      _id: toHexId(subscriber.id),
      firstName: subscriber.firstName,
      lastName: subscriber.lastName,
      phone: subscriber.phone,
    },
  };
}

// ─── feed and counts ────────────────────────────────────────────────────────────────────────

async function inboxFilter(deps: Deps, session: WidgetSession, query: TWidgetQuery): Promise<InboxFilter> {
  const filter: InboxFilter = {};
  if (query.feedIdentifier) {
    filter.feedIds = await feedIdsOf(deps.db, session.subscriber.environmentId, query.feedIdentifier);
  }
  if (query.seen !== undefined) filter.seen = query.seen;
  if (query.read !== undefined) filter.read = query.read;
  if (query.archived !== undefined) filter.archived = query.archived;
  if (query.snoozed !== undefined) filter.snoozed = query.snoozed;
  if (query.payload !== undefined) {
    const leaves = decodePayloadFilter(query.payload);
    if (!leaves || leaves.some((leaf) => leaf.path.some((key) => key === '' || key.includes('"')))) {
      throw bad('Invalid payload, the JSON object should be encoded to base64 string.');
    }
    filter.payload = leaves;
  }
  return filter;
}

/** Populates `subscriber`, `actorSubscriber` (and user actors' avatars) and `template`. */
async function populate(
  deps: Deps,
  session: WidgetSession,
  rows: Awaited<ReturnType<typeof feedPage>>['rows'],
) {
  const actorIds = [
    ...new Set(rows.map((row) => row.actorSubscriberId).filter((id): id is number => id !== null)),
  ];
  // The session's own profile (the feed shows it) comes with the actors, in one query.
  const profiles = new Map(
    (
      await findSubscribersByRowIds(deps.db, rows.length === 0 ? [] : [session.subscriber.id, ...actorIds])
    ).map((row) => [row.id, row]),
  );
  const subscriber = profiles.get(session.subscriber.id);
  const workflowIds = [
    ...new Set(rows.map((row) => row.workflowId).filter((id): id is number => id !== null)),
  ];
  const workflows = new Map<number, string[]>();
  for (const id of workflowIds) {
    const workflow = await findWorkflowById(deps.db, session.subscriber.environmentId, id);
    if (workflow) workflows.set(id, parseTags(workflow));
  }
  return rows.map((row) =>
    presentMessage(row, {
      ...(subscriber === undefined ? {} : { subscriber }),
      ...(row.actorSubscriberId === null
        ? {}
        : { actorSubscriber: profiles.get(row.actorSubscriberId) ?? null }),
      template:
        row.workflowId === null ? null : { id: row.workflowId, tags: workflows.get(row.workflowId) ?? [] },
    }),
  );
}

/**
 * The feed: newest first, page from 0, `hasMore` when another row follows.
 * `totalCount` is the number of rows on this page, as the reference server answers it.
 */
export async function getFeed(deps: Deps, session: WidgetSession, query: TWidgetQuery) {
  const filter = await inboxFilter(deps, session, query);
  const { rows, hasMore } = await feedPage(deps.db, session.subscriber.id, filter, query);
  return {
    data: await populate(deps, session, rows),
    totalCount: rows.length,
    hasMore,
    pageSize: query.limit,
    page: query.page,
  };
}

/** `unseen`, `unread` and `count`: capped at `limit` (default and maximum 100). */
export async function getCount(
  deps: Deps,
  session: WidgetSession,
  query: TWidgetQuery,
  route: 'unseen' | 'unread' | 'count',
) {
  const filter = await inboxFilter(deps, session, query);
  if (route === 'unseen' && filter.seen === undefined) filter.seen = false;
  if (route === 'unread' && filter.read === undefined) filter.read = false;
  if (route === 'count' && filter.seen === undefined && filter.read === undefined) filter.seen = false;
  const limit = Math.min(query.limit, WIDGET_COUNT_LIMIT);
  return { count: await countInbox(deps.db, session.subscriber.id, filter, limit) };
}

// ─── mutations ──────────────────────────────────────────────────────────────────────────────

async function readBack(
  deps: Deps,
  session: WidgetSession,
  ids: readonly number[],
): Promise<TWidgetMessage[]> {
  return (await ownMessages(deps.db, session.subscriber.id, ids)).map((row) => presentMessage(row));
}

/** `markAs`: only the flags given are written (a mark with neither means seen), each with its time. */
export async function markAs(
  deps: Deps,
  session: WidgetSession,
  messageIds: string[],
  mark: { seen?: boolean; read?: boolean } | undefined,
) {
  if (messageIds.length === 0) throw bad('messageId is required');
  const flags = mark && (mark.seen !== undefined || mark.read !== undefined) ? mark : { seen: true };
  const ids = rowIds(messageIds);
  await markMessages(deps.db, session.subscriber.id, ids, flags, deps.now());
  deps.inbox.countsChanged(session.subscriber.id, {
    unseen: flags.seen !== undefined,
    unread: flags.read !== undefined,
  });
  return readBack(deps, session, ids);
}

/** `mark-as` with `markAs` = read | unread | seen | unseen. */
export async function markAsEnum(
  deps: Deps,
  session: WidgetSession,
  messageIds: string[],
  markAsValue: 'read' | 'unread' | 'seen' | 'unseen',
) {
  if (messageIds.length === 0) throw bad('messageId is required');
  const flags =
    markAsValue === 'read'
      ? { read: true, seen: true }
      : markAsValue === 'unread'
        ? { read: false, seen: true }
        : { seen: markAsValue === 'seen' };
  const ids = rowIds(messageIds);
  await markMessages(deps.db, session.subscriber.id, ids, flags, deps.now());
  const readEvent = markAsValue === 'read' || markAsValue === 'unread';
  deps.inbox.countsChanged(session.subscriber.id, { unseen: !readEvent, unread: readEvent });
  return readBack(deps, session, ids);
}

async function feedFilterOf(deps: Deps, session: WidgetSession, identifiers: string[] | undefined) {
  return identifiers === undefined
    ? undefined
    : feedIdsOf(deps.db, session.subscriber.environmentId, identifiers);
}

export async function markAllAs(
  deps: Deps,
  session: WidgetSession,
  feedIdentifiers: string[] | undefined,
  what: 'read' | 'seen',
) {
  const feedIds = await feedFilterOf(deps, session, feedIdentifiers);
  const changed = await markAll(deps.db, session.subscriber.id, feedIds, what, deps.now());
  deps.inbox.countsChanged(session.subscriber.id, { unread: true, unseen: true });
  return changed;
}

/** Soft-deletes one of the caller's messages; 404 for anyone else's (nothing is touched). */
export async function removeMessage(deps: Deps, session: WidgetSession, messageId: string) {
  const id = fromHexId(messageId);
  const [before] = id === null ? [] : await ownMessages(deps.db, session.subscriber.id, [id]);
  if (!before) throw notFound('Message');
  if (before.deleted === 0) {
    await softDelete(deps.db, session.subscriber.id, { ids: [before.id] }, deps.now());
    deps.inbox.countsChanged(session.subscriber.id, { unseen: before.seen === 0, unread: before.read === 0 });
  }
  const [after] = await readBack(deps, session, [before.id]);
  return after as TWidgetMessage;
}

/** `DELETE /messages?feedId=`: all of the caller's messages, or those of one feed (by feed _id). */
export async function removeAllMessages(deps: Deps, session: WidgetSession, feedId: string | undefined) {
  let feedRowId: number | null = null;
  if (feedId !== undefined) {
    if (!isHexId(feedId)) throw bad('feedId must be a 24-digit hex id');
    const feed = await findFeed(deps.db, session.subscriber.environmentId, fromHexId(feedId) ?? 0);
    if (!feed) throw notFound('Feed');
    feedRowId = feed.id;
  }
  await softDelete(deps.db, session.subscriber.id, { feedId: feedRowId }, deps.now());
  deps.inbox.countsChanged(session.subscriber.id, { unseen: true, unread: true });
}

export async function removeMessages(deps: Deps, session: WidgetSession, messageIds: string[]) {
  await softDelete(deps.db, session.subscriber.id, { ids: rowIds(messageIds) }, deps.now());
  deps.inbox.countsChanged(session.subscriber.id, { unseen: true, unread: true });
}

/**
 * A CTA button's action result: sets `cta.action.status` and the result's type
 * (and payload when given). Idempotent; does not touch seen/read; no socket event.
 */
export async function updateAction(
  deps: Deps,
  session: WidgetSession,
  messageId: string,
  type: 'primary' | 'secondary' | 'clicked',
  body: { status: 'pending' | 'done'; payload?: Record<string, unknown> | undefined },
) {
  const id = fromHexId(messageId);
  const [row] = id === null ? [] : await ownMessages(deps.db, session.subscriber.id, [id]);
  if (!row) throw notFound('Message');
  const cta: TWidgetCta =
    row.cta === null ? { type: 'redirect', data: {} } : (JSON.parse(row.cta) as TWidgetCta);
  const result: NonNullable<NonNullable<TWidgetCta['action']>['result']> = { type };
  if (body.payload !== undefined) result.payload = body.payload;
  else if (cta.action?.result?.payload !== undefined) result.payload = cta.action.result.payload;
  cta.action = { ...(cta.action ?? {}), status: body.status, result };
  await setCta(deps.db, row.id, JSON.stringify(cta), deps.now());
  const [after] = await readBack(deps, session, [row.id]);
  return after as TWidgetMessage;
}

// ─── organisation and preferences ───────────────────────────────────────────────────────────

export async function getOrganization(deps: Deps, session: WidgetSession) {
  const organization = await findOrganizationBranding(deps.db, session.subscriber.organizationId);
  let branding: unknown;
  try {
    branding = (JSON.parse(organization.settings) as { branding?: unknown }).branding;
  } catch {
    branding = undefined;
  }
  return {
    _id: toHexId(organization.id),
    name: organization.name,
    ...(branding && typeof branding === 'object' ? { branding } : {}),
  };
}

export type Channels = Partial<Record<TNotifyChannel, boolean>>;

export async function preferenceRows(
  deps: Deps,
  session: WidgetSession,
): Promise<Map<number, PreferenceRow>> {
  const rows = await subscriberPreferenceRows(deps.db, session.subscriber.id);
  return new Map(rows.map((row) => [row.workflowId, row]));
}

function presentWorkflowPreference(workflow: WorkflowRow, own: PreferenceRow | undefined) {
  const steps = parseSteps(workflow);
  const defaults = parsePreferenceSettings(workflow);
  const set = own ? (JSON.parse(own.channels) as Channels) : {};
  const channels: Channels = {};
  const overrides: { channel: TNotifyChannel; source: 'template' | 'subscriber' }[] = [];
  for (const channel of activeChannels(steps)) {
    channels[channel] = set[channel] ?? defaults[channel] ?? true;
    overrides.push({ channel, source: set[channel] === undefined ? 'template' : 'subscriber' });
  }
  const variables = new Set<string>();
  for (const step of steps) for (const name of templateVariables(step.content)) variables.add(name);
  return {
    template: {
      _id: toHexId(workflow.id),
      name: workflow.name,
      critical: workflow.critical === 1,
      tags: parseTags(workflow),
      triggers: [
        {
          type: 'event',
          identifier: workflow.triggerIdentifier,
          variables: [...variables].map((name) => ({ name })),
          subscriberVariables: [],
        },
      ],
      ...(workflow.data === null ? {} : { data: JSON.parse(workflow.data) as unknown }),
    },
    preference: { enabled: own ? own.enabled === 1 : true, channels, overrides },
  };
}

/** One entry per active workflow of the environment. */
export async function getPreferences(deps: Deps, session: WidgetSession) {
  const [workflows, own] = await Promise.all([
    listActiveWorkflows(deps.db, session.subscriber.environmentId),
    preferenceRows(deps, session),
  ]);
  return workflows.map((workflow) => presentWorkflowPreference(workflow, own.get(workflow.id)));
}

function presentGlobal(row: PreferenceRow | undefined) {
  const set = row ? (JSON.parse(row.channels) as Channels) : {};
  return {
    preference: {
      enabled: row ? row.enabled === 1 : true,
      channels: Object.fromEntries(NOTIFY_CHANNELS.map((channel) => [channel, set[channel] ?? true])),
    },
  };
}

export async function getGlobalPreferences(deps: Deps, session: WidgetSession) {
  return [presentGlobal((await preferenceRows(deps, session)).get(0))];
}

export async function savePreference(
  deps: Deps,
  session: WidgetSession,
  workflowId: number,
  existing: PreferenceRow | undefined,
  change: { enabled?: boolean; channels?: Channels },
): Promise<PreferenceRow> {
  const now = deps.now();
  const channels = {
    ...(existing ? (JSON.parse(existing.channels) as Channels) : {}),
    ...(change.channels ?? {}),
  };
  const enabled = change.enabled ?? (existing ? existing.enabled === 1 : true);
  const values = { enabled: enabled ? 1 : 0, channels: JSON.stringify(channels), updatedAt: now };
  await upsertPreference(
    deps.db,
    { environmentId: session.subscriber.environmentId, subscriberId: session.subscriber.id, workflowId },
    values,
    now,
  );
  return { workflowId, enabled: values.enabled, channels: values.channels };
}

/**
 * `PATCH /preferences/:templateId`: a channel switch and/or the workflow switch. Critical
 * workflows cannot be switched off (400); changing an existing preference needs one of the two.
 */
export async function updatePreference(
  deps: Deps,
  session: WidgetSession,
  templateId: string,
  body: { channel?: { type: TNotifyChannel; enabled: boolean } | undefined; enabled?: boolean | undefined },
) {
  const id = fromHexId(templateId);
  const workflow =
    id === null ? undefined : await findWorkflowById(deps.db, session.subscriber.environmentId, id);
  if (!workflow) throw notFound('Workflow');
  const own = (await preferenceRows(deps, session)).get(workflow.id);
  if (own && body.channel === undefined && body.enabled === undefined) {
    throw bad('Give channel or enabled to change the preference');
  }
  const turnsOff = body.enabled === false || body.channel?.enabled === false;
  if (workflow.critical === 1 && turnsOff) throw bad('Critical workflows cannot be turned off');
  const saved = await savePreference(deps, session, workflow.id, own, {
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    ...(body.channel === undefined ? {} : { channels: { [body.channel.type]: body.channel.enabled } }),
  });
  return presentWorkflowPreference(workflow, saved);
}

/** `PATCH /preferences`: the global switch and per-channel switches. */
export async function updateGlobalPreference(
  deps: Deps,
  session: WidgetSession,
  body: {
    enabled?: boolean | undefined;
    preferences?: { type: TNotifyChannel; enabled: boolean }[] | undefined;
  },
) {
  const own = (await preferenceRows(deps, session)).get(0);
  const channels: Channels = {};
  for (const item of body.preferences ?? []) channels[item.type] = item.enabled;
  const saved = await savePreference(deps, session, 0, own, {
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    channels,
  });
  return presentGlobal(saved);
}

import { InboxProtocolError } from './errors';
import type {
  Count,
  FeedPage,
  GlobalPreference,
  InboxMessage,
  Organization,
  Session,
  Severity,
  SeverityCounts,
  WorkflowPreference,
} from './types';

/**
 * Response checks (docs/PRODUCT.md, "Inbox widget protocol"). They verify what the client relies on — the render-critical
 * message fields, paging and counts — and pass everything else through untouched, so a newer
 * server adding fields keeps working. Written without a schema library to keep the widget small.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(what: string): never {
  throw new InboxProtocolError(`Unexpected response: ${what}`);
}

function object(value: unknown, what: string): Json {
  return isObject(value) ? value : fail(`${what} is not an object`);
}

function field<T>(record: Json, key: string, check: (value: unknown) => value is T, what: string): T {
  const value = record[key];
  return check(value) ? value : fail(`${what}.${key}`);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** One message: `_id`, `content`, a parseable `createdAt`, `seen` and `read` are required. */
export function parseMessage(value: unknown): InboxMessage {
  const message = object(value, 'message');
  field(message, '_id', isString, 'message');
  field(message, 'content', isString, 'message');
  const createdAt = field(message, 'createdAt', isString, 'message');
  if (Number.isNaN(Date.parse(createdAt))) fail('message.createdAt is not a date');
  field(message, 'seen', isBoolean, 'message');
  field(message, 'read', isBoolean, 'message');
  const buttons = (message.cta as { action?: { buttons?: unknown } } | undefined)?.action?.buttons;
  if (Array.isArray(buttons)) {
    for (const button of buttons) {
      const type = object(button, 'cta button').type;
      if (type !== 'primary' && type !== 'secondary') fail('cta button type');
    }
  }
  return message as unknown as InboxMessage;
}

export function parseMessages(value: unknown): InboxMessage[] {
  return Array.isArray(value) ? value.map(parseMessage) : fail('messages is not a list');
}

/** The feed body (not wrapped in another `data`). */
export function parseFeedPage(value: unknown): FeedPage {
  const body = object(value, 'feed');
  return {
    data: parseMessages(body.data),
    hasMore: field(body, 'hasMore', isBoolean, 'feed'),
    totalCount: field(body, 'totalCount', isCount, 'feed'),
    pageSize: field(body, 'pageSize', isCount, 'feed'),
    page: field(body, 'page', isCount, 'feed'),
  };
}

export function parseCount(value: unknown): Count {
  return { count: field(object(value, 'count'), 'count', isCount, 'count') };
}

/** Session initialize: a missing token is reported as null (the caller clears the stored one). */
export function parseSession(value: unknown): Session {
  const body = object(value, 'session');
  const token = typeof body.token === 'string' && body.token !== '' ? body.token : null;
  const profile = isObject(body.profile) && isString(body.profile._id) ? body.profile : null;
  return { token, profile: profile as Session['profile'] };
}

export function parseOrganization(value: unknown): Organization {
  const body = object(value, 'organization');
  field(body, '_id', isString, 'organization');
  field(body, 'name', isString, 'organization');
  if (body.branding !== undefined && body.branding !== null) object(body.branding, 'organization.branding');
  return body as unknown as Organization;
}

export function parseWorkflowPreference(value: unknown): WorkflowPreference {
  const row = object(value, 'preference');
  const template = object(row.template, 'preference.template');
  field(template, '_id', isString, 'preference.template');
  field(template, 'name', isString, 'preference.template');
  const preference = object(row.preference, 'preference.preference');
  field(preference, 'enabled', isBoolean, 'preference.preference');
  object(preference.channels, 'preference.preference.channels');
  return row as unknown as WorkflowPreference;
}

export function parseWorkflowPreferences(value: unknown): WorkflowPreference[] {
  return Array.isArray(value) ? value.map(parseWorkflowPreference) : fail('preferences is not a list');
}

export function parseGlobalPreference(value: unknown): GlobalPreference {
  const row = object(value, 'global preference');
  const preference = object(row.preference, 'global preference.preference');
  field(preference, 'enabled', isBoolean, 'global preference.preference');
  object(preference.channels, 'global preference.preference.channels');
  return row as unknown as GlobalPreference;
}

/** `GET /preferences/global` answers a list with one element. */
export function parseGlobalPreferences(value: unknown): GlobalPreference {
  if (!Array.isArray(value) || value.length === 0) fail('global preferences is not a list of one');
  return parseGlobalPreference(value[0]);
}

/** `{unseenCount, hasMore}` / `{unreadCount, hasMore}` from the socket; null when malformed. */
export function parseCountEvent(
  value: unknown,
  key: 'unseenCount' | 'unreadCount',
): { count: number; hasMore: boolean } | null {
  if (!isObject(value) || !isCount(value[key])) return null;
  return { count: value[key], hasMore: value.hasMore === true };
}

export const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low', 'none'];

/** `{high, medium, low, none}` counts; null when any is missing or malformed. */
export function parseSeverityCounts(value: unknown): SeverityCounts | null {
  if (!isObject(value)) return null;
  const out = {} as SeverityCounts;
  for (const severity of SEVERITIES) {
    const count = value[severity];
    if (!isCount(count)) return null;
    out[severity] = count;
  }
  return out;
}

/** `GET /v1/inbox/notifications/count` answers `[{count, filter}]`, one per filter asked. */
export function parseCounts(value: unknown, expected: number): number[] {
  if (!Array.isArray(value) || value.length !== expected) fail('counts is not a list of the filters');
  return value.map((item) => field(object(item, 'count'), 'count', isCount, 'count'));
}

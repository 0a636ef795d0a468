import { COUNT_LIMIT, USAGE_LOG_PREFIX } from './constants';
import { encodePayload, type HttpClient, type QueryValue } from './http';
import {
  parseCount,
  parseCounts,
  parseFeedPage,
  parseGlobalPreference,
  parseGlobalPreferences,
  parseMessage,
  parseMessages,
  parseOrganization,
  parseSession,
  parseWorkflowPreference,
  parseWorkflowPreferences,
  SEVERITIES,
} from './parse';
import type {
  ActionButtonType,
  ActionStatus,
  ChannelSwitches,
  Count,
  FeedPage,
  GlobalPreference,
  InboxMessage,
  Mark,
  Organization,
  Session,
  SeverityCounts,
  StoreQuery,
  WorkflowPreference,
} from './types';

export type SessionRequest = {
  applicationIdentifier: string;
  subscriberId: string;
  subscriberHash?: string | null;
};

type Signal = { signal?: AbortSignal };

function storeParams(query: StoreQuery): Record<string, QueryValue> {
  return {
    feedIdentifier: query.feedIdentifier,
    seen: query.seen,
    read: query.read,
    payload: query.payload ? encodePayload(query.payload) : undefined,
    archived: query.archived,
    snoozed: query.snoozed,
  };
}

/**
 * Every `/v1/widgets` route (all 19), one method each, answers checked. GETs and the
 * idempotent writes (flags, deletions, preferences, actions, session) are retried on transient
 * failures; the usage log is not (it would count twice).
 */
export class WidgetApi {
  readonly #http: HttpClient;
  /** `/v1/inbox` with the same session token: archive, snooze and severity counts. */
  readonly #inbox: HttpClient;

  constructor(http: HttpClient) {
    this.#http = http;
    this.#inbox = http.withPrefix('/v1/inbox');
  }

  get http(): HttpClient {
    return this.#http;
  }

  /** 1. `POST /session/initialize` — the subscriber is created or updated; no bearer needed. */
  async initializeSession(request: SessionRequest, options: Signal = {}): Promise<Session> {
    const body = {
      applicationIdentifier: request.applicationIdentifier,
      subscriberId: request.subscriberId,
      hmacHash: request.subscriberHash ?? null,
    };
    return parseSession(
      await this.#http.request('POST', '/session/initialize', { body, retry: true, ...options }),
    );
  }

  /** 2. `GET /notifications/feed` — zero-based `page`; the page size is `query.limit` (default 10). */
  async getFeed(page: number, query: StoreQuery = {}, options: Signal = {}): Promise<FeedPage> {
    return parseFeedPage(
      await this.#http.request('GET', '/notifications/feed', {
        query: { page, ...storeParams(query), limit: query.limit },
        fullBody: true,
        retry: true,
        ...options,
      }),
    );
  }

  /** 3. `GET /notifications/unseen?limit=100`. */
  async getUnseenCount(
    query: { feedIdentifier?: string | string[] } = {},
    options: Signal = {},
  ): Promise<Count> {
    return parseCount(
      await this.#http.request('GET', '/notifications/unseen', {
        query: { feedIdentifier: query.feedIdentifier, limit: COUNT_LIMIT },
        retry: true,
        ...options,
      }),
    );
  }

  /** 4. `GET /notifications/unread?limit=100`. */
  async getUnreadCount(
    query: { feedIdentifier?: string | string[] } = {},
    options: Signal = {},
  ): Promise<Count> {
    return parseCount(
      await this.#http.request('GET', '/notifications/unread', {
        query: { feedIdentifier: query.feedIdentifier, limit: COUNT_LIMIT },
        retry: true,
        ...options,
      }),
    );
  }

  /** 5. `GET /notifications/count` — a store's badge: its query, unseen unless it says otherwise. */
  async getCount(query: StoreQuery = {}, options: Signal = {}): Promise<Count> {
    return parseCount(
      await this.#http.request('GET', '/notifications/count', {
        query: {
          feedIdentifier: query.feedIdentifier,
          read: query.read,
          seen: query.seen ?? (query.read === undefined ? false : undefined),
          archived: query.archived,
          snoozed: query.snoozed,
          limit: COUNT_LIMIT,
        },
        retry: true,
        ...options,
      }),
    );
  }

  /** 6. `POST /messages/markAs` — answers the messages as stored. */
  async markAs(messageId: string | string[], mark: Mark, options: Signal = {}): Promise<InboxMessage[]> {
    return parseMessages(
      await this.#http.request('POST', '/messages/markAs', {
        body: { messageId, mark },
        retry: true,
        ...options,
      }),
    );
  }

  /** 7. `POST /messages/mark-as` (enum form). */
  async markAsEnum(
    messageId: string | string[],
    markAs: 'read' | 'unread' | 'seen' | 'unseen',
    options: Signal = {},
  ): Promise<InboxMessage[]> {
    return parseMessages(
      await this.#http.request('POST', '/messages/mark-as', {
        body: { messageId, markAs },
        retry: true,
        ...options,
      }),
    );
  }

  /** 8. `DELETE /messages/:id` — answers the soft-deleted message. */
  async removeMessage(messageId: string, options: Signal = {}): Promise<InboxMessage> {
    return parseMessage(
      await this.#http.request('DELETE', `/messages/${encodeURIComponent(messageId)}`, {
        retry: true,
        ...options,
      }),
    );
  }

  /** 9. `DELETE /messages[?feedId=<feed _id>]` — 204. */
  async removeAllMessages(feedId?: string, options: Signal = {}): Promise<void> {
    await this.#http.request('DELETE', '/messages', { query: { feedId }, retry: true, ...options });
  }

  /** 10. `POST /messages/bulk/delete` (1–100 ids). */
  async removeMessages(messageIds: string[], options: Signal = {}): Promise<void> {
    await this.#http.request('POST', '/messages/bulk/delete', {
      body: { messageIds },
      retry: true,
      ...options,
    });
  }

  /** 11. `POST /messages/read` — feed identifiers; answers how many changed. */
  async markAllAsRead(feedId?: string | string[], options: Signal = {}): Promise<number> {
    const changed = await this.#http.request('POST', '/messages/read', {
      body: { feedId },
      retry: true,
      ...options,
    });
    return typeof changed === 'number' ? changed : 0;
  }

  /** 12. `POST /messages/seen`. */
  async markAllAsSeen(feedId?: string | string[], options: Signal = {}): Promise<number> {
    const changed = await this.#http.request('POST', '/messages/seen', {
      body: { feedId },
      retry: true,
      ...options,
    });
    return typeof changed === 'number' ? changed : 0;
  }

  /** 13. `POST /messages/:id/actions/:type` — idempotent on this server. */
  async updateAction(
    messageId: string,
    type: ActionButtonType,
    status: ActionStatus,
    payload?: Record<string, unknown>,
    options: Signal = {},
  ): Promise<InboxMessage> {
    return parseMessage(
      await this.#http.request('POST', `/messages/${encodeURIComponent(messageId)}/actions/${type}`, {
        body: { executedType: type, status, ...(payload ? { payload } : {}) },
        retry: true,
        ...options,
      }),
    );
  }

  /** 14. `GET /organization`. */
  async getOrganization(options: Signal = {}): Promise<Organization> {
    return parseOrganization(await this.#http.request('GET', '/organization', { retry: true, ...options }));
  }

  /** 15. `GET /preferences` — one row per active workflow. */
  async getPreferences(options: Signal = {}): Promise<WorkflowPreference[]> {
    return parseWorkflowPreferences(
      await this.#http.request('GET', '/preferences', { retry: true, ...options }),
    );
  }

  /** 16. `GET /preferences/global`. */
  async getGlobalPreference(options: Signal = {}): Promise<GlobalPreference> {
    return parseGlobalPreferences(
      await this.#http.request('GET', '/preferences/global', { retry: true, ...options }),
    );
  }

  /** 17. `PATCH /preferences/:templateId` — one channel, or the whole workflow with `enabled`. */
  async updatePreference(
    templateId: string,
    change: { channel?: { type: keyof ChannelSwitches; enabled: boolean }; enabled?: boolean },
    options: Signal = {},
  ): Promise<WorkflowPreference> {
    return parseWorkflowPreference(
      await this.#http.request('PATCH', `/preferences/${encodeURIComponent(templateId)}`, {
        body: change,
        retry: true,
        ...options,
      }),
    );
  }

  /** 18. `PATCH /preferences` — global switches; each item is sent with `type` and `channelType`. */
  async updateGlobalPreference(
    change: { enabled?: boolean; preferences?: { channelType: keyof ChannelSwitches; enabled: boolean }[] },
    options: Signal = {},
  ): Promise<GlobalPreference> {
    const body = {
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      ...(change.preferences
        ? {
            preferences: change.preferences.map((item) => ({
              type: item.channelType,
              channelType: item.channelType,
              enabled: item.enabled,
            })),
          }
        : {}),
    };
    return parseGlobalPreference(
      await this.#http.request('PATCH', '/preferences', { body, retry: true, ...options }),
    );
  }

  /** 19. `POST /usage/log` — the name gets the "[Widget] - " prefix; never retried. */
  async logUsage(name: string, payload: Record<string, unknown>, options: Signal = {}): Promise<void> {
    await this.#http.request('POST', '/usage/log', {
      body: { name: name.startsWith(USAGE_LOG_PREFIX) ? name : `${USAGE_LOG_PREFIX}${name}`, payload },
      ...options,
    });
  }

  // ─── archive, snooze, severity: the `/v1/inbox` routes, on the same token ─────────────────

  /** `PATCH /v1/inbox/notifications/:id/<change>` (archive also marks read and seen). */
  async changeMessage(
    messageId: string,
    change: 'archive' | 'unarchive' | 'unsnooze',
    options: Signal = {},
  ): Promise<void> {
    await this.#inbox.request('PATCH', `/notifications/${encodeURIComponent(messageId)}/${change}`, {
      retry: true,
      ...options,
    });
  }

  /** `PATCH /v1/inbox/notifications/:id/snooze` — a past time or one beyond the server's maximum is 400. */
  async snooze(messageId: string, until: Date, options: Signal = {}): Promise<void> {
    await this.#inbox.request('PATCH', `/notifications/${encodeURIComponent(messageId)}/snooze`, {
      body: { snoozeUntil: until.toISOString() },
      retry: true,
      ...options,
    });
  }

  /** `POST /v1/inbox/notifications/read-archive` — every read message of the inbox archived (204). */
  async archiveAllRead(options: Signal = {}): Promise<void> {
    await this.#inbox.request('POST', '/notifications/read-archive', { body: {}, retry: true, ...options });
  }

  /** Unread messages of the inbox per severity, in one `GET /v1/inbox/notifications/count`. */
  async getSeverityCounts(options: Signal = {}): Promise<SeverityCounts> {
    const filters = SEVERITIES.map((severity) => ({ read: false, archived: false, severity }));
    const counts = parseCounts(
      await this.#inbox.request('GET', '/notifications/count', {
        query: { filters: JSON.stringify(filters) },
        retry: true,
        ...options,
      }),
      filters.length,
    );
    return Object.fromEntries(SEVERITIES.map((severity, i) => [severity, counts[i] ?? 0])) as SeverityCounts;
  }
}

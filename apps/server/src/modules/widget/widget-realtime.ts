import {
  type TInboxClientEvents,
  type TInboxServerEvents,
  type TInboxSocketMessage,
  type TInboxUnreadEvent,
  WIDGET_COUNT_LIMIT,
  WIDGET_SOCKET_EVENTS,
} from '@forecourt/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import type { Db } from '../../db/database';
import { toHexId } from '../notify/ids';
import type { DeliveredMessage, InboxPublisher } from '../notify/inbox-publisher';
import { type MessageRow, presentMessage } from '../notify/messages.presenter';
import {
  findMessagesByIds,
  findSubscribersByRowIds,
  findWorkflowsByIds,
  type SubscriberRow,
  setOnline,
  type WorkflowRow,
} from '../notify/notify';
import type { NotifyKeys } from '../notify/secrets';
import { parseTags } from '../notify/workflows.service';
import { presentInboxWorkflow } from './inbox-api.presenter';
import { unreadCounts } from './inbox-api.service';
import { countInbox } from './widget.repository';
import { checkWidgetSession } from './widget-session';

/**
 * The message of `notification_received`: the widget document, plus what the newer Inbox client
 * reads from it (it maps the event itself): `cta` always (an object), the subscriber, the
 * workflow, its tags, `data` (the payload) and the snooze time (severity comes with the document).
 */
export function socketMessage(
  row: MessageRow,
  subscriber?: SubscriberRow,
  workflow?: WorkflowRow,
): TInboxSocketMessage {
  const message = presentMessage(row, subscriber ? { subscriber } : undefined);
  return {
    ...message,
    cta: message.cta ?? { type: 'redirect' as const, data: {} },
    tags: workflow ? parseTags(workflow) : [],
    data: message.payload,
    ...(workflow ? { workflow: presentInboxWorkflow(workflow) } : {}),
    snoozedUntil: row.snoozedUntil === null ? null : new Date(row.snoozedUntil).toISOString(),
    ...(message.lastSeenDate ? { firstSeenDate: message.lastSeenDate } : {}),
  };
}

/** A subscriber's room: its internal id as 24 hex digits. */
export const subscriberRoom = (subscriberId: number) => toHexId(subscriberId);
/** Every inbox socket of an environment, and of a dashboard user (ended together). */
const environmentRoom = (environmentId: number) => `inbox-environment:${environmentId}`;
const userRoom = (userId: number) => `inbox-user:${userId}`;

type Deps = { db: Db; now: () => number; log: FastifyBaseLogger; keys: NotifyKeys };

/**
 * Process-to-process events (socket.io `serverSideEmit`, over the cluster adapter): each process
 * turns them into socket events for its own sockets, reading messages and counts only for
 * subscribers connected to it — as it does for what it delivered itself.
 */
const PEER_DELIVERED = 'forecourt:inbox-delivered';
const PEER_COUNTS = 'forecourt:inbox-counts';

type CountFlags = { unseen?: boolean; unread?: boolean };
/** The process-to-process events, as sent; each process checks what it receives. */
type InboxPeerEvents = {
  [PEER_DELIVERED]: (pairs: [messageId: number, subscriberId: number][]) => void;
  [PEER_COUNTS]: (subscriberId: number, which: CountFlags) => void;
};
type InboxNamespace = Namespace<TInboxClientEvents, TInboxServerEvents, InboxPeerEvents>;
type InboxSocket = Socket<TInboxClientEvents, TInboxServerEvents, InboxPeerEvents>;

/** The token of a handshake: `auth.token`, else `?token=`; the literal "null" is no token. */
export function handshakeToken(socket: Pick<Socket, 'handshake'>): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const fromQuery = socket.handshake.query?.token;
  for (const candidate of [fromAuth, Array.isArray(fromQuery) ? fromQuery[0] : fromQuery]) {
    if (
      typeof candidate === 'string' &&
      candidate !== '' &&
      candidate !== 'null' &&
      candidate !== 'undefined'
    ) {
      return candidate;
    }
  }
  return undefined;
}

/**
 * The inbox side of realtime: connected widgets on the default namespace, one room per subscriber,
 * and its events (docs/PRODUCT.md, "Inbox realtime"; typed by the contracts' `TInboxServerEvents`):
 * `notification_received {message}` and the two capped counts after every change. Events go only
 * to subscribers with a socket here; counts are computed only
 * for them. Until a socket.io server is attached, publishing does nothing.
 */
export class WidgetRealtime implements InboxPublisher {
  #namespace: InboxNamespace | null = null;
  #clustered = false;
  readonly #deps: Deps;

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  get attached(): boolean {
    return this.#namespace !== null;
  }

  /**
   * Serves the inbox on `io`'s default namespace: the token is checked after the connection is
   * made and an invalid or missing one disconnects the socket at once (the client does not retry).
   */
  attach(io: Server, options: { clustered?: boolean } = {}): void {
    if (this.#namespace) return;
    const namespace: InboxNamespace = io.of('/');
    this.#namespace = namespace;
    this.#clustered = options.clustered === true;
    if (this.#clustered) {
      namespace.on(PEER_DELIVERED, (pairs: unknown) => {
        if (!Array.isArray(pairs)) return;
        this.#deliverLocally(
          pairs.flatMap((pair) =>
            Array.isArray(pair) && typeof pair[0] === 'number' && typeof pair[1] === 'number'
              ? [{ id: pair[0], subscriberId: pair[1] }]
              : [],
          ),
        );
      });
      namespace.on(PEER_COUNTS, (subscriberId: unknown, which: unknown) => {
        if (typeof subscriberId !== 'number' || !which || typeof which !== 'object') return;
        const flags = which as { unseen?: unknown; unread?: unknown };
        this.#countsLocally(subscriberId, { unseen: flags.unseen === true, unread: flags.unread === true });
      });
    }
    namespace.on('connection', (socket) => {
      this.#accept(socket).catch((error: unknown) => {
        this.#deps.log.error({ err: error }, 'inbox socket failed');
        socket.disconnect();
      });
    });
  }

  async #accept(socket: InboxSocket): Promise<void> {
    const token = handshakeToken(socket);
    const checked = token === undefined ? null : await checkWidgetSession(this.#deps, token);
    if (!checked) {
      socket.disconnect();
      return;
    }
    const subscriber = checked.identity;
    if (!socket.connected) return;
    const room = subscriberRoom(subscriber.id);
    // Besides its subscriber's room: the rooms that end it (the environment's key, the user's account).
    const rooms = [room, environmentRoom(subscriber.environmentId)];
    if (checked.userId !== null) rooms.push(userRoom(checked.userId));
    await socket.join(rooms);
    await setOnline(this.#deps.db, subscriber.id, true, this.#deps.now());
    socket.on('disconnect', () => {
      if ((this.#namespace?.adapter.rooms.get(room)?.size ?? 0) > 0) return;
      setOnline(this.#deps.db, subscriber.id, false, this.#deps.now()).catch((error: unknown) =>
        this.#deps.log.error({ err: error }, 'inbox presence update failed'),
      );
    });
  }

  /**
   * Disconnects every inbox socket of a dashboard user (their account's sessions ended). Through
   * the socket.io adapter, so with a shared adapter other processes' sockets go too.
   */
  endUserSessions(userId: number): void {
    this.#namespace?.in(userRoom(userId)).disconnectSockets(true);
  }

  /** Disconnects every inbox socket of an environment (its secret key was rotated). */
  endEnvironmentSessions(environmentId: number): void {
    this.#namespace?.in(environmentRoom(environmentId)).disconnectSockets(true);
  }

  #listening(subscriberId: number): boolean {
    return (this.#namespace?.adapter.rooms.get(subscriberRoom(subscriberId))?.size ?? 0) > 0;
  }

  messagesDelivered(messages: readonly DeliveredMessage[]): void {
    if (!this.#namespace) return;
    if (this.#clustered && messages.length > 0) {
      this.#namespace.serverSideEmit(
        PEER_DELIVERED,
        messages.map((message) => [message.id, message.subscriberId]),
      );
    }
    this.#deliverLocally(messages);
  }

  #deliverLocally(messages: readonly DeliveredMessage[]): void {
    if (!this.#namespace) return;
    // Only the messages of subscribers with a socket here are read (none: no query at all).
    const listened = messages.filter((message) => this.#listening(message.subscriberId));
    if (listened.length === 0) return;
    this.#deliver(listened.map((message) => message.id)).catch((error: unknown) =>
      this.#deps.log.error({ err: error }, 'inbox delivery event failed'),
    );
  }

  async #deliver(messageIds: readonly number[]): Promise<void> {
    const namespace = this.#namespace;
    if (!namespace) return;
    const rows = await findMessagesByIds(this.#deps.db, messageIds);
    const bySubscriber = new Map<number, typeof rows>();
    for (const row of rows) {
      if (!this.#listening(row.subscriberId)) continue;
      bySubscriber.set(row.subscriberId, [...(bySubscriber.get(row.subscriberId) ?? []), row]);
    }
    const workflowIds = [
      ...new Set(rows.map((row) => row.workflowId).filter((id): id is number => id !== null)),
    ];
    const workflows = new Map((await findWorkflowsByIds(this.#deps.db, workflowIds)).map((w) => [w.id, w]));
    const profiles = new Map(
      (await findSubscribersByRowIds(this.#deps.db, [...bySubscriber.keys()])).map((row) => [row.id, row]),
    );
    for (const [subscriberId, messages] of bySubscriber) {
      for (const message of messages) {
        namespace.local.to(subscriberRoom(subscriberId)).emit(WIDGET_SOCKET_EVENTS.received, {
          message: socketMessage(message, profiles.get(subscriberId), workflows.get(message.workflowId ?? 0)),
        });
      }
      await this.#emitCounts(subscriberId, { unseen: true, unread: true });
    }
  }

  countsChanged(subscriberId: number, which: { unseen?: boolean; unread?: boolean }): void {
    if (this.#clustered && this.#namespace) this.#namespace.serverSideEmit(PEER_COUNTS, subscriberId, which);
    this.#countsLocally(subscriberId, which);
  }

  #countsLocally(subscriberId: number, which: { unseen?: boolean; unread?: boolean }): void {
    if (!this.#namespace || !this.#listening(subscriberId)) return;
    this.#emitCounts(subscriberId, which).catch((error: unknown) =>
      this.#deps.log.error({ err: error }, 'inbox count event failed'),
    );
  }

  /** Counts across all feeds, taken up to 101: above 100 they are sent as 100 with hasMore. */
  async #emitCounts(subscriberId: number, which: { unseen?: boolean; unread?: boolean }): Promise<void> {
    const namespace = this.#namespace;
    if (!namespace) return;
    // Local: the other processes compute their own subscribers' counts (see PEER_COUNTS).
    const room = namespace.local.to(subscriberRoom(subscriberId));
    if (which.unseen) {
      const count = await countInbox(this.#deps.db, subscriberId, { seen: false }, WIDGET_COUNT_LIMIT + 1);
      room.emit(WIDGET_SOCKET_EVENTS.unseen, {
        unseenCount: Math.min(count, WIDGET_COUNT_LIMIT),
        hasMore: count > WIDGET_COUNT_LIMIT,
      });
    }
    if (which.unread) {
      const count = await countInbox(this.#deps.db, subscriberId, { read: false }, WIDGET_COUNT_LIMIT + 1);
      const event: TInboxUnreadEvent = {
        unreadCount: Math.min(count, WIDGET_COUNT_LIMIT),
        hasMore: count > WIDGET_COUNT_LIMIT,
        counts: await unreadCounts(this.#deps, subscriberId),
      };
      room.emit(WIDGET_SOCKET_EVENTS.unread, event);
    }
  }
}

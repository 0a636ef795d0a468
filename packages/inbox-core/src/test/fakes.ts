import type { StorageLike } from '../env';
import type { FetchLike } from '../http';
import type { SocketFactory, SocketLike } from '../realtime';
import type { FeedPage, InboxMessage } from '../types';

/** A minimal in-memory localStorage. */
export class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

export type Call = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | null;
};
type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

/** A fetch that records calls and answers from handlers (first match wins). */
export function fakeFetch(handlers: Handler[]) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/v1\/widgets/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      auth: headers.authorization ?? null,
    };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    for (const handler of handlers) {
      const answer = await handler(call);
      if (answer) {
        if (answer.status === 204) return new Response(null, { status: 204 });
        return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    return new Response(JSON.stringify({ statusCode: 404, message: `no fake for ${call.path}` }), {
      status: 404,
    });
  };
  return { fetch, calls };
}

let nextId = 1;
export function message(overrides: Partial<InboxMessage> = {}): InboxMessage {
  const id = (nextId++).toString(16).padStart(24, '0');
  return {
    _id: id,
    id,
    content: `message ${id}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + nextId * 1000).toISOString(),
    seen: false,
    read: false,
    _feedId: null,
    payload: {},
    ...overrides,
  } as InboxMessage;
}

export const page = (
  data: InboxMessage[],
  pageNumber: number,
  hasMore: boolean,
  pageSize = 10,
): FeedPage => ({
  data,
  page: pageNumber,
  hasMore,
  pageSize,
  totalCount: data.length,
});

/** A socket the test drives: `emit` plays a server event, `drop`/`reconnect` the connection. */
export class FakeSocket implements SocketLike {
  /** Listeners by event; `emit` plays what the wire may carry, well-formed or not. */
  readonly listeners = new Map<string, unknown[]>();
  disconnected = false;
  on(event: string, listener: unknown): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  disconnect(): this {
    this.disconnected = true;
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      if (typeof listener === 'function') Reflect.apply(listener, undefined, args);
    }
  }
}

export function fakeSockets() {
  const sockets: { url: string; token: string; socket: FakeSocket }[] = [];
  const factory: SocketFactory = (url, token) => {
    const socket = new FakeSocket();
    sockets.push({ url, token, socket });
    return socket;
  };
  return { factory, sockets };
}

/** Lets pending promise callbacks run (fake timers do not advance them). */
export const flush = async (times = 5) => {
  for (let i = 0; i < times; i++) await Promise.resolve();
};

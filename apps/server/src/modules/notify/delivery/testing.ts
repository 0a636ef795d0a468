import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectHttp2 } from './network';
import type { DeliveryOptions } from './options';
import { createVendorHttp } from './outbound';
import type { SendContext } from './vendor';

/**
 * Delivery options for tests whose peers listen on loopback: the address policy allows
 * 127.0.0.0/8 and ::1 explicitly (as an operator would with NOTIFY_ALLOW_PRIVATE_NETWORKS).
 */
export const LOOPBACK_DELIVERY: DeliveryOptions = {
  network: { allowCidrs: ['127.0.0.0/8', '::1/128'] },
};

/** Test helpers for delivery (not used by the app). */

export type Received = { path: string; headers: IncomingHttpHeaders; raw: string; body: unknown };

export type Receiver = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: Received[];
  /** What a path answers (default 200 `ok`). */
  answer(path: string, status: number, body?: string): void;
  /** Resolves once `count` requests have arrived in total. */
  waitFor(count: number): Promise<Received[]>;
  stop(): Promise<void>;
};

/** A loopback HTTP peer on 127.0.0.1 (random port) that keeps every request it gets. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers = new Map<string, { status: number; body: string }>();
  const waiters: { count: number; resolve: (all: Received[]) => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (received.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(received);
    }
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      received.push({ path, headers: request.headers, raw, body });
      const answer = answers.get(path) ?? { status: 200, body: 'ok' };
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
      settle();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (path, status, body = '') => answers.set(path, { status, body }),
    waitFor: (count) =>
      new Promise((resolve) => {
        waiters.push({ count, resolve });
        settle();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (bound, then closed). */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One request as a fake vendor sees it. */
export type VendorCall = {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: string;
  /** JSON bodies parsed, form bodies as URLSearchParams, else the text. */
  body: unknown;
};

/** What a fake vendor answers; `hang: true` never answers (a timeout). */
export type VendorReply = {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
};

export type FakeVendor = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  calls: VendorCall[];
  stop(): Promise<void>;
};

/**
 * A loopback HTTP server standing in for a vendor's API: `handle` checks what the vendor would
 * check (path, auth, payload) and answers as the vendor documents. Object bodies are sent as JSON.
 */
export async function startFakeVendor(
  handle: (call: VendorCall) => VendorReply | Promise<VendorReply>,
): Promise<FakeVendor> {
  const calls: VendorCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake.vendor');
      const type = String(request.headers['content-type'] ?? '');
      let body: unknown = raw;
      if (type.includes('json')) {
        try {
          body = JSON.parse(raw);
        } catch {
          // kept as text: the handler decides whether the vendor would refuse it
        }
      } else if (type.includes('x-www-form-urlencoded')) body = new URLSearchParams(raw);
      const call: VendorCall = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        raw,
        body,
      };
      calls.push(call);
      let reply: VendorReply;
      try {
        reply = await handle(call);
      } catch (error) {
        reply = { status: 500, body: { fake: String(error) } };
      }
      if (reply.hang) return;
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      const headers: Record<string, string> = {
        'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
        ...reply.headers,
      };
      response.writeHead(reply.status, headers).end(text);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A send context whose vendor origin is the fake's (adapter tests call an adapter with it directly).
 */
export function fakeContext(
  fake: Pick<FakeVendor, 'origin'>,
  credentials: Record<string, unknown>,
  options: { idempotencyKey?: string; timeoutMs?: number; now?: () => number } = {},
): SendContext {
  // Fakes listen on loopback: the address policy allows it here, as an operator's would.
  const network = { allowCidrs: ['127.0.0.0/8', '::1/128'] };
  return {
    credentials,
    http: createVendorHttp({ timeoutMs: options.timeoutMs ?? 2_000, network }),
    http2: (origin) => connectHttp2(origin, network),
    network,
    timeoutMs: options.timeoutMs ?? 2_000,
    idempotencyKey: options.idempotencyKey ?? 'job-1:integration-1',
    now: options.now ?? Date.now,
    origin: () => fake.origin,
  };
}

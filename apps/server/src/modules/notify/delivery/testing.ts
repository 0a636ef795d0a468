import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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

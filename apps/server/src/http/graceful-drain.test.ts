import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDatabase } from '../test/test-database';

type Outcome = { status?: number; error?: string; connection?: string | undefined };

/** One GET on a kept-alive connection of `agent`. */
function get(agent: Agent, port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

describe('SIGTERM drain', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createApp({ database, webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')) });
    // A request that is still being worked on when the drain starts.
    app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  }, 60_000);
  afterAll(async () => {
    if (app.server.listening) await app.close();
    await database.dispose();
  });

  it('answers every request sent on an open keep-alive connection, then closes; none is reset or refused with 503', async () => {
    const agents = Array.from({ length: 6 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const outcomes: Outcome[] = [];
    let stop = false;
    // Steady load: each client sends its next request as soon as the previous one is answered,
    // on its kept-alive connection, until the server no longer takes connections.
    const clients = agents.map(async (agent) => {
      while (!stop) {
        const outcome = await get(agent, port, '/api/health');
        outcomes.push(outcome);
        if (outcome.error) return;
      }
    });
    // Every connection is open and warm before the drain starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const slow = get(new Agent({ keepAlive: true }), port, '/api/test/slow');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = outcomes.length;

    const drained = await app.drain.drain({ deadlineMs: 10_000, idleMs: 500 });
    // Bounded, so a server that never finishes closing fails the assertions below instead of hanging.
    const closing = app.close();
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    app.server.closeAllConnections();
    await closing;
    stop = true;
    await Promise.all(clients);
    for (const agent of agents) agent.destroy();

    expect(await slow, 'the request in progress is answered').toMatchObject({ status: 200 });
    const failures = outcomes.filter(
      (outcome) =>
        (outcome.status !== undefined && outcome.status !== 200) ||
        (outcome.error && outcome.error !== 'ECONNREFUSED'),
    );
    expect(failures, 'no 503 and no reset for a request sent on an open connection').toEqual([]);
    const duringDrain = outcomes.slice(before).filter((outcome) => outcome.status === 200);
    expect(duringDrain.length, 'requests arriving during the drain are answered').toBeGreaterThan(0);
    expect(
      duringDrain.some((outcome) => outcome.connection === 'close'),
      'with Connection: close, so clients reconnect elsewhere',
    ).toBe(true);
    expect(drained.waitedMs).toBeLessThan(10_000);
  }, 60_000);
});

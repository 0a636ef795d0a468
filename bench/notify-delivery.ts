import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/database';
import { credential, expectSuccess, type SmsSender } from '../apps/server/src/modules/notify/delivery/vendor';
import type { EnvironmentRow } from '../apps/server/src/modules/notify/notify.deps';
import { benchEnvironment, freshDatabase, machineLine, ms } from './notify-common';

/**
 * Delivery through a vendor API, for bench/results/notify-delivery.md:
 *
 *   npx tsx bench/notify-delivery.ts [--subscribers 1000] [--latency 50] [--concurrency 8,32]
 *
 * The real app (in this process, SQLite), one environment, a topic of N subscribers with phone
 * numbers, a workflow with one SMS step through an SMS integration whose vendor is a local HTTP
 * server that answers every request after `latency` ms. Each round triggers the workflow to the
 * topic and times it until the queue has drained: every job rendered, sent through the vendor
 * (sends per provider bounded by the concurrency option), its answer recorded and the job settled.
 * Deliveries per second = N / that time. The SMS adapter is a bench adapter registered through the
 * delivery options (a JSON POST with a bearer key and an idempotency key, as most SMS vendors
 * take), so the figure is the pipeline's, not one vendor adapter's.
 */
const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '1000' },
    latency: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '8,32' },
    rounds: { type: 'string', default: '2' },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const LATENCY = Number(values.latency);
const ROUNDS = Number(values.rounds);

/** The fake vendor: answers 201 after LATENCY ms; counts requests and the most at once. */
async function startVendor() {
  let inFlight = 0;
  let peak = 0;
  let received = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    request.resume();
    request.on('end', () => {
      setTimeout(() => {
        received += 1;
        inFlight -= 1;
        response.writeHead(201, { 'content-type': 'application/json' }).end(`{"id":"m-${received}"}`);
      }, LATENCY);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: () => ({ peak, received }),
    reset: () => {
      peak = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const benchSms: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://sms.vendor.invalid')}/v1/messages`,
    headers: {
      authorization: `Bearer ${credential(ctx.credentials, 'apiKey')}`,
      'idempotency-key': ctx.idempotencyKey,
    },
    json: { from: credential(ctx.credentials, 'from'), to: message.to, text: message.content },
  });
  expectSuccess('bench SMS', answer);
  return { raw: `HTTP ${answer.status}` };
};

async function subscribersTopic(db: Db, environment: EnvironmentRow, count: number): Promise<string> {
  const now = Date.now();
  const topic = await db
    .insertInto('notifyTopics')
    .values({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      key: 'owners',
      name: 'Owners',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      subscriberId: `owner-${start + i}`,
      firstName: `Owner ${start + i}`,
      phone: `+9198${String(10_000_000 + start + i).slice(-8)}`,
      data: '{}',
      channels: '[]',
      isOnline: 0,
      createdAt: now,
      updatedAt: now,
    }));
    const ids = await db.insertInto('notifySubscribers').values(rows).returning('id').execute();
    await db
      .insertInto('notifyTopicSubscribers')
      .values(
        ids.map((row) => ({
          topicId: topic.id,
          subscriberId: row.id,
          environmentId: environment.id,
          createdAt: now,
        })),
      )
      .execute();
  }
  return 'owners';
}

async function run(concurrency: number) {
  const vendor = await startVendor();
  const database = await freshDatabase(null, 'delivery');
  const { environment, secretKey } = await benchEnvironment(database.db);
  const app = await createApp({
    database,
    webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
    auth: { secret: randomBytes(32).toString('base64url') },
    notify: {
      delivery: {
        network: { allowCidrs: ['127.0.0.0/8'] },
        origins: { telnyx: vendor.origin },
        senders: { sms: { telnyx: benchSms } },
        concurrency,
      },
    },
  });
  await app.ready();
  const headers = { authorization: `ApiKey ${secretKey}` };
  const call = async (method: 'POST', url: string, payload: unknown) => {
    const response = await app.inject({ method, url, headers, payload: payload as object });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  try {
    const topic = await subscribersTopic(database.db, environment, SUBSCRIBERS);
    await call('POST', '/v1/integrations', {
      providerId: 'telnyx',
      channel: 'sms',
      credentials: { apiKey: 'bench-key', from: '+15550001' },
    });
    await call('POST', '/v1/workflows', {
      name: 'Price revision',
      triggerIdentifier: 'price-revision',
      steps: [{ type: 'sms', content: 'Dear {{subscriber.firstName}}, diesel is now ₹{{payload.price}}' }],
    });
    const times: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const before = vendor.stats().received;
      vendor.reset();
      const started = performance.now();
      await call('POST', '/v1/events/trigger', {
        name: 'price-revision',
        to: [{ type: 'Topic', topicKey: topic }],
        payload: { price: 91 + round },
        transactionId: `delivery-${concurrency}-${round}`,
      });
      await app.notify.queue.drain();
      const elapsed = performance.now() - started;
      const sent = vendor.stats().received - before;
      const completed = await database.db
        .selectFrom('notifyJobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('transactionId', '=', `delivery-${concurrency}-${round}`)
        .where('status', '=', 'completed')
        .executeTakeFirstOrThrow();
      if (sent !== SUBSCRIBERS || Number(completed.n) !== SUBSCRIBERS)
        throw new Error(`round ${round}: ${sent} sent, ${completed.n} completed, expected ${SUBSCRIBERS}`);
      console.info(
        `concurrency ${concurrency} round ${round}: ${SUBSCRIBERS} SMS in ${ms(elapsed, 0)} ms = ${ms((SUBSCRIBERS / elapsed) * 1000, 0)}/s (peak ${vendor.stats().peak} at once)`,
      );
      if (round > 0) times.push(elapsed);
    }
    const best = Math.min(...times);
    const worst = Math.max(...times);
    return { concurrency, best, worst, peak: vendor.stats().peak };
  } finally {
    await app.close();
    await database.dispose();
    await vendor.stop();
  }
}

console.info(machineLine());
const results = [];
for (const concurrency of String(values.concurrency).split(',').map(Number))
  results.push(await run(concurrency));
console.info(`\n${SUBSCRIBERS} subscribers, vendor latency ${LATENCY} ms, SQLite, in-process queue`);
console.info(
  '| concurrency per provider | 1,000-subscriber SMS step (best / worst) | deliveries/s (best) | most requests at once |',
);
console.info('|---|---|---|---|');
for (const r of results)
  console.info(
    `| ${r.concurrency} | ${ms(r.best / 1000, 2)} s / ${ms(r.worst / 1000, 2)} s | ${ms((SUBSCRIBERS / r.best) * 1000, 0)} | ${r.peak} |`,
  );
console.info(`theoretical ceiling: concurrency × 1000 / ${LATENCY} ms per send`);

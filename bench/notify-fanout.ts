import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { createApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/database';
import type { EnvironmentRow } from '../apps/server/src/modules/notify/notify.deps';
import { redisServerBinary, startTestRedis, type TestRedis } from '../apps/server/src/test/redis';
import { appCpu, databaseCpu } from './cpu';
import { rowsOfEvent, timeFloorWrite } from './floor';
import { benchEnvironment, benchTargets, freshDatabase, machineLine, ms, summary } from './notify-common';

/**
 * Fan-out to a 10,000-subscriber topic, for bench/results/notify-fanout.md:
 *
 *   npx tsx bench/notify-fanout.ts [--subscribers 10000] [--rounds 5]              # SQLite
 *   node scripts/with-postgres.mjs npx tsx bench/notify-fanout.ts                  # SQLite, then PostgreSQL
 *   … [--postgres-only] [--no-redis] [--profile]   # --profile: statement time per round (run one database at a time)
 *
 * Per database (and per queue: in process, then BullMQ on a throwaway redis-server when one is
 * installed): the real app (`createApp`, in this process, requests through `app.inject`), one
 * environment, a topic of N subscribers (inserted set-based beforehand). Each round triggers the
 * seeded `system-announcement` workflow (one in-app step) to the topic and times
 *   1. the trigger request: the set-based fan-out (one transaction: event, N notifications, N jobs,
 *      N "received" execution details) and the answer;
 *   2. the queue's work until every in-app message is persisted (the worker: 500 jobs per
 *      transaction, render, messages and execution details (PostgreSQL: `INSERT … SELECT FROM
 *      unnest(…)`, SQLite: multi-row inserts), settle the jobs, complete the notifications);
 * the target is (1) + (2) ≤ 1 s. Each round checks that N new messages exist.
 *
 * After the rounds, the floor of each (bench/floor.ts): the rows that round left behind —
 * event, notifications, jobs, messages, execution details — written again as copies in one
 * transaction by the raw bulk path (SQLite multi-row inserts, PostgreSQL `unnest`), into the same
 * tables and indexes. The table's "fan-out / floor" is (1) + (2) over that write (target ≤ 1.5×).
 * "peak RSS" is this process's resident memory while the rounds run (with --subscribers 100000 it
 * shows that the fan-out streams: the worker claims 500 jobs at a time).
 */
const { values } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
    'no-redis': { type: 'boolean', default: false },
    /** PostgreSQL: time every statement from the driver and print where a round's time goes. */
    profile: { type: 'boolean', default: false },
    /** Only the PostgreSQL runs (with a --database-url / TEST_DATABASE_URL). */
    'postgres-only': { type: 'boolean', default: false },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const ROUNDS = Number(values.rounds);

async function topicOf(db: Db, environment: EnvironmentRow, count: number): Promise<string> {
  const now = Date.now();
  const key = 'everyone';
  const topic = await db
    .insertInto('notifyTopics')
    .values({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      key,
      name: 'Everyone',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      subscriberId: `member-${start + i}`,
      firstName: `Member ${start + i}`,
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
  return key;
}

type Round = {
  trigger: number;
  work: number;
  total: number;
  floor: number;
  rows: number;
  rss: number;
  /** CPU ms (this process + the PostgreSQL server) of the fan-out and of its floor. */
  cpu: number;
  floorCpu: number;
};

/**
 * --profile: node-postgres `query` wrapped to add up the time of each statement (from sending it to
 * its result, as the driver sees it), keyed by the statement's first words. Only counted rounds.
 */
const statementTimes = new Map<string, { ms: number; calls: number }>();
let profiling = false;
/** The statement's first words, numbered placeholders and value lists folded. */
const statementKey = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\(\$\d+(, \$\d+)*\)/g, '(…)')
    .replace(/\(\?(, \?)*\)/g, '(…)')
    .replace(/(\(…\), )+\(…\)/g, '(…), …')
    .slice(0, 110);
const addStatementTime = (key: string, started: number) => {
  const entry = statementTimes.get(key) ?? { ms: 0, calls: 0 };
  entry.ms += performance.now() - started;
  entry.calls += 1;
  statementTimes.set(key, entry);
};
if (values.profile) {
  // SQLite: better-sqlite3's statement methods, timed around the synchronous call.
  const probe = new BetterSqlite3(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get'] as const) {
    const original = prototype[method] as (this: { source: string }, ...args: unknown[]) => unknown;
    prototype[method] = function (this: { source: string }, ...args: unknown[]) {
      if (!profiling) return original.apply(this, args);
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        addStatementTime(statementKey(this.source), started);
      }
    };
  }
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: unknown,
    ...args: unknown[]
  ) {
    const result = original.apply(this, args);
    if (!profiling || !(result instanceof Promise)) return result;
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config?.text ?? '?');
    const key = statementKey(text);
    const started = performance.now();
    return result.then((value: unknown) => {
      addStatementTime(key, started);
      return value;
    });
  };
}

async function run(url: string | null, redis: TestRedis | null) {
  const database = await freshDatabase(url, 'fanout');
  const { environment, secretKey } = await benchEnvironment(database.db);
  const app: FastifyInstance = await createApp({
    database,
    webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
    auth: { secret: randomBytes(32).toString('base64url') },
    ...(redis
      ? { notify: { redisUrl: redis.url, redisPrefix: `bench-${randomBytes(3).toString('hex')}` } }
      : {}),
  });
  await app.ready();
  const queue = redis ? 'BullMQ (Redis)' : 'in process';
  try {
    const key = await topicOf(database.db, environment, SUBSCRIBERS);
    if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
    const headers = { authorization: `ApiKey ${secretKey}` };
    const countMessages = async () =>
      Number(
        (
          await database.db
            .selectFrom('notifyMessages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('environmentId', '=', environment.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rounds: Round[] = [];
    // Round 0 warms up (JIT, statement caches, page cache) and is not counted.
    for (let round = 0; round <= ROUNDS; round += 1) {
      const before = await countMessages();
      profiling = values.profile === true && round > 0;
      // Peak resident memory of this process while the round runs (the fan-out must stream: its
      // memory may not grow with the audience).
      let rss = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        rss = Math.max(rss, process.memoryUsage().rss);
      }, 20);
      const cpuBefore = appCpu() + (await databaseCpu(database));
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/v1/events/trigger',
        headers,
        payload: {
          name: 'system-announcement',
          to: [{ type: 'Topic', topicKey: key }],
          payload: { title: `Round ${round}`, body: 'Price revision at midnight' },
          transactionId: `fanout-${round}`,
        },
      });
      const answered = performance.now();
      if (response.statusCode !== 201) throw new Error(`trigger: ${response.statusCode} ${response.body}`);
      await app.notify.queue.drain();
      const done = performance.now();
      const cpu = appCpu() + (await databaseCpu(database)) - cpuBefore;
      clearInterval(sampler);
      rss = Math.max(rss, process.memoryUsage().rss);
      profiling = false;
      const added = (await countMessages()) - before;
      if (added !== SUBSCRIBERS)
        throw new Error(`round ${round}: ${added} messages, expected ${SUBSCRIBERS}`);
      if (round > 0)
        rounds.push({
          trigger: answered - started,
          work: done - answered,
          total: done - started,
          floor: 0,
          rows: 0,
          rss,
          cpu,
          floorCpu: 0,
        });
      console.info(
        `${database.label} / ${queue} round ${round}: trigger ${ms(answered - started, 0)} ms, messages persisted after ${ms(done - started, 0)} ms, peak RSS ${(rss / 2 ** 20).toFixed(0)} MiB`,
      );
    }
    // The floor of each counted round, after all rounds (its reading of the rows back would
    // otherwise weigh on the next round's memory): the same rows written again in one transaction.
    for (const [index, entry] of rounds.entries()) {
      const event = await database.db
        .selectFrom('notifyEvents')
        .select('id')
        .where('environmentId', '=', environment.id)
        .where('transactionId', '=', `fanout-${index + 1}`)
        .executeTakeFirstOrThrow();
      const floor = await timeFloorWrite(database, await rowsOfEvent(database, event.id), 'floor');
      entry.floor = floor.ms;
      entry.floorCpu = floor.cpu;
      entry.rows = floor.rows;
      console.info(
        `${database.label} / ${queue} floor of round ${index + 1}: ${floor.rows.toLocaleString('en')} rows in one transaction, ${ms(floor.ms, 0)} ms`,
      );
    }
    return { label: database.label, queue, rounds };
  } finally {
    await app.close();
    await database.dispose();
  }
}

const redis = !values['no-redis'] && redisServerBinary() ? await startTestRedis() : null;
const results = [];
try {
  for (const target of benchTargets(values['database-url'])) {
    if (values['postgres-only'] && target === null) continue;
    results.push(await run(target, null));
    if (redis) results.push(await run(target, redis));
  }
} finally {
  await redis?.stop();
}

console.info(
  `\nFan-out to a ${SUBSCRIBERS.toLocaleString('en')}-subscriber topic, ${ROUNDS} rounds after a warm-up (ms):\n`,
);
console.info(
  '| database | queue | trigger answered p50 (max) | worker p50 (max) | all messages persisted p50 | max | messages/s (p50) | floor: same rows, raw bulk write p50 | rows | **fan-out / floor** (per-round ratio, p50) | CPU ms fan-out / floor p50 | **by CPU** | peak RSS MiB |',
);
console.info('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { label, queue, rounds } of results) {
  const trigger = summary(rounds.map((r) => r.trigger));
  const work = summary(rounds.map((r) => r.work));
  const total = summary(rounds.map((r) => r.total));
  const floor = summary(rounds.map((r) => r.floor));
  const ratio = summary(rounds.map((r) => r.total / r.floor));
  const cpu = summary(rounds.map((r) => r.cpu));
  const floorCpu = summary(rounds.map((r) => r.floorCpu));
  const cpuRatio = summary(rounds.map((r) => r.cpu / r.floorCpu));
  console.info(
    `| ${label} | ${queue} | ${ms(trigger.p50, 0)} (${ms(trigger.max, 0)}) | ${ms(work.p50, 0)} (${ms(work.max, 0)}) | **${ms(total.p50, 0)}** | ${ms(total.max, 0)} | ${Math.round(SUBSCRIBERS / (total.p50 / 1000)).toLocaleString('en')} | ${ms(floor.p50, 0)} | ${rounds[0]?.rows.toLocaleString('en')} | **${ratio.p50.toFixed(2)}×** | ${ms(cpu.p50, 0)} / ${ms(floorCpu.p50, 0)} | **${cpuRatio.p50.toFixed(2)}×** | ${(Math.max(...rounds.map((r) => r.rss)) / 2 ** 20).toFixed(0)} |`,
  );
}
if (statementTimes.size > 0) {
  const counted = results.length * ROUNDS;
  console.info(`\nStatement time per round (driver, mean of ${counted} rounds over every database):\n`);
  console.info('| statement | ms | calls |');
  console.info('|---|---|---|');
  for (const [key, entry] of [...statementTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)) {
    console.info(`| \`${key}\` | ${ms(entry.ms / counted, 0)} | ${Math.round(entry.calls / counted)} |`);
  }
}
console.info(`\n${machineLine()}`);
process.exit(0);

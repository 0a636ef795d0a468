import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createApp, loggerOptions } from '../apps/server/src/app';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import type { EnvironmentRow } from '../apps/server/src/modules/notify/notify.deps';
import { subscriberHash } from '../apps/server/src/modules/notify/secrets';
import { countInbox, feedPage, type InboxFilter } from '../apps/server/src/modules/widget/widget.repository';
import {
  type BenchDatabase,
  benchEnvironment,
  freshDatabase,
  machineLine,
  ms,
  summary,
} from './notify-common';

/**
 * The inbox's hot reads at scale, for bench/results/notify-inbox.md: one subscriber with 100,000
 * in-app messages in a 10,000,000-message table (10,000 subscribers).
 *
 *   npx tsx bench/notify-inbox.ts [--messages 10000000] [--keep]           # SQLite (--keep: reuse the file)
 *   node scripts/with-postgres.mjs npx tsx bench/notify-inbox.ts           # SQLite, then PostgreSQL
 *
 * Generation is set-based: the notify_messages indexes are dropped, one INSERT … SELECT writes
 * every row (SQLite: a recursive CTE; PostgreSQL: generate_series, FK triggers off for the load),
 * the indexes are rebuilt from their own definitions, then ANALYZE (PostgreSQL: VACUUM ANALYZE, so
 * the visibility map allows index-only scans). Every 100th row belongs to the measured subscriber:
 * 25 % of its messages unseen, 33 % unread, 20 % in the feed `alerts`.
 *
 * Then, p50/p99 over --iterations calls each (after a warm-up):
 *  - in process, the repository functions the inbox API runs (widget.repository.ts `feedPage`,
 *    `countInbox`): feed page 0 (10 rows: ids from the index, then the rows), page 50, the capped
 *    unseen and unread counts (limit 100) and the unseen count of one feed;
 *  - over HTTP on 127.0.0.1 (the real app in this process, keep-alive, one request at a time):
 *    GET /v1/widgets/notifications/feed, /notifications/unseen?limit=100, /notifications/unread?limit=100;
 *  - the plans (EXPLAIN QUERY PLAN on SQLite; EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL).
 */
const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000000' },
    subscribers: { type: 'string', default: '10000' },
    iterations: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});
const MESSAGES = Number(values.messages);
const SUBSCRIBERS = Number(values.subscribers);
const ITERATIONS = Number(values.iterations);
const ROUNDS = Number(values.rounds);
/** Every STRIDE-th message is the measured subscriber's (10M / 100 = 100k). */
const STRIDE = 100;
const BASE_TIME = Date.UTC(2026, 0, 1);
const KEEP_FILE = join(tmpdir(), 'forecourt-inbox-bench', 'inbox.db');

type Setup = {
  environment: EnvironmentRow;
  secretKey: string;
  target: { id: number; subscriberId: string };
  alertsFeedId: number;
  generation: string[];
};

async function timed<T>(notes: string[], label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  notes.push(`${label}: ${seconds.toFixed(1)} s`);
  console.info(`  ${label}: ${seconds.toFixed(1)} s`);
  return result;
}

async function generate(handle: DatabaseHandle): Promise<Setup> {
  const db = handle.db;
  const notes: string[] = [];
  const { environment, secretKey } = await benchEnvironment(db);
  const now = Date.now();
  const workflow = await db
    .selectFrom('notifyWorkflows')
    .select('id')
    .where('environmentId', '=', environment.id)
    .where('triggerIdentifier', '=', 'system-announcement')
    .executeTakeFirstOrThrow();
  const feed = await db
    .insertInto('notifyFeeds')
    .values({
      environmentId: environment.id,
      organizationId: environment.organizationId,
      identifier: 'alerts',
      name: 'Alerts',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subscriberIds: number[] = [];
  await timed(notes, `${SUBSCRIBERS.toLocaleString('en')} subscribers`, async () => {
    for (let start = 0; start < SUBSCRIBERS; start += 1000) {
      const rows = await db
        .insertInto('notifySubscribers')
        .values(
          Array.from({ length: Math.min(1000, SUBSCRIBERS - start) }, (_, i) => ({
            environmentId: environment.id,
            organizationId: environment.organizationId,
            subscriberId: `member-${start + i}`,
            data: '{}',
            channels: '[]',
            isOnline: 0,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning('id')
        .execute();
      subscriberIds.push(...rows.map((row) => row.id));
    }
  });
  const first = subscriberIds[0] as number;
  // Contiguous ids (one fresh table): the target is `first`, the others first+1 … first+N-1.
  if (subscriberIds[subscriberIds.length - 1] !== first + SUBSCRIBERS - 1)
    throw new Error('ids not contiguous');

  // i = 1 … MESSAGES; the target's rows are i % STRIDE = 0, numbered k = i / STRIDE.
  const target = `${first}`;
  const others = SUBSCRIBERS - 1;
  const columns = `environment_id, organization_id, subscriber_id, notification_id, job_id, event_id, workflow_id,
    feed_id, channel, step_id, template_identifier, transaction_id, content, subject, cta, payload, actor,
    actor_subscriber_id, status, seen, "read", archived, deleted, created_at, updated_at`;
  const select = (
    i: string,
    div: (a: string, b: number) => string,
  ) => `select ${environment.id}, ${environment.organizationId},
      case when ${i} % ${STRIDE} = 0 then ${target} else ${first} + 1 + (${i} % ${others}) end,
      ${i}, ${i}, ${i}, ${workflow.id},
      case when ${i} % ${STRIDE} = 0 and ${div(i, STRIDE)} % 5 = 0 then ${feed.id} else null end,
      'in_app', 'in-app', 'system-announcement', 'bench-' || ${i},
      '<strong>Price revision</strong> at midnight (' || ${i} || ')', null, null, '{"title":"Price revision"}', null,
      null, 'sent',
      case when ${div(i, STRIDE)} % 4 = 0 then 0 else 1 end,
      case when ${div(i, STRIDE)} % 3 = 0 then 0 else 1 end,
      0, 0, ${BASE_TIME} + ${i} * 10, ${BASE_TIME} + ${i} * 10`;

  if (handle.dialect === 'sqlite') {
    const sqlite = handle.sqlite;
    if (!sqlite) throw new Error('no sqlite handle');
    const indexes = sqlite
      .prepare(
        "select name, sql from sqlite_master where type = 'index' and tbl_name = 'notify_messages' and sql is not null",
      )
      .all() as { name: string; sql: string }[];
    for (const index of indexes) sqlite.exec(`drop index ${index.name}`);
    sqlite.pragma('foreign_keys = OFF');
    await timed(
      notes,
      `INSERT … SELECT of ${MESSAGES.toLocaleString('en')} messages (recursive CTE, no indexes)`,
      async () => {
        sqlite.exec(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MESSAGES})
        insert into notify_messages (${columns}) ${select('i', (a, b) => `(${a} / ${b})`)} from n`);
      },
    );
    sqlite.pragma('foreign_keys = ON');
    await timed(notes, `rebuilding the ${indexes.length} indexes`, async () => {
      for (const index of indexes) sqlite.exec(index.sql);
    });
    await timed(notes, 'ANALYZE', async () => {
      sqlite.exec('analyze');
    });
  } else {
    const pool = handle.pool;
    if (!pool) throw new Error('no pg pool');
    const client = await pool.connect();
    try {
      const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
        "select indexname, indexdef from pg_indexes where tablename = 'notify_messages' and schemaname = current_schema() and indexname not like '%_pkey'",
      );
      for (const index of indexes) await client.query(`drop index ${index.indexname}`);
      await client.query("set session_replication_role = 'replica'");
      await timed(
        notes,
        `INSERT … SELECT of ${MESSAGES.toLocaleString('en')} messages (generate_series, no indexes, FK triggers off)`,
        async () => {
          await client.query(
            `insert into notify_messages (${columns}) ${select('i', (a, b) => `(${a} / ${b})`)} from generate_series(1, ${MESSAGES}::bigint) as i`,
          );
        },
      );
      await client.query("set session_replication_role = 'origin'");
      await client.query("set maintenance_work_mem = '512MB'");
      await timed(notes, `rebuilding the ${indexes.length} indexes`, async () => {
        for (const index of indexes) await client.query(index.indexdef);
      });
      await timed(notes, 'VACUUM ANALYZE', async () => {
        await client.query('vacuum analyze notify_messages');
      });
    } finally {
      client.release();
    }
  }
  return {
    environment,
    secretKey,
    target: { id: first, subscriberId: 'member-0' },
    alertsFeedId: feed.id,
    generation: notes,
  };
}

/**
 * ROUNDS rounds of `iterations` timed calls after a warm-up: each round's wall-clock samples, and
 * the CPU time of this process per call (all rounds), which preemption by other work on a shared
 * box does not inflate.
 */
async function samples(
  iterations: number,
  work: () => Promise<unknown>,
): Promise<{ rounds: number[][]; cpu: number[] }> {
  for (let i = 0; i < Math.min(200, iterations); i += 1) await work();
  const rounds: number[][] = [];
  const cpu: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const out: number[] = [];
    for (let i = 0; i < iterations; i += 1) {
      const cpuStart = process.cpuUsage();
      const started = performance.now();
      await work();
      out.push(performance.now() - started);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    rounds.push(out);
  }
  return { rounds, cpu };
}

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode} ${body}`));
        else resolve(body);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

type Row = {
  where: string;
  what: string;
  p50: number;
  p99: number;
  /** The lowest p99 of the rounds: the figure least disturbed by other work on the box. */
  bestP99: number;
  /** p99 of the CPU time per call (this process). */
  cpuP99: number;
  max: number;
  target: number;
};

async function measure(handle: DatabaseHandle & { label: string }, setup: Setup) {
  const db = handle.db;
  const subscriber = setup.target.id;
  const rows: Row[] = [];
  const add = (
    where: string,
    what: string,
    target: number,
    { rounds, cpu }: { rounds: number[][]; cpu: number[] },
  ) => {
    const s = summary(rounds.flat());
    const bestP99 = Math.min(...rounds.map((round) => summary(round).p99));
    const cpuP99 = summary(cpu).p99;
    rows.push({ where, what, p50: s.p50, p99: s.p99, bestP99, cpuP99, max: s.max, target });
    console.info(
      `  ${where} ${what}: p50 ${ms(s.p50, 2)} ms, p99 ${ms(s.p99, 2)} ms (best round ${ms(bestP99, 2)}, CPU p99 ${ms(cpuP99, 2)}), load ${loadavg()[0]?.toFixed(1)}`,
    );
  };
  // Sanity: the data is what the bench claims.
  const total = await countInbox(db, subscriber, {}, 1_000_000);
  const unseen = await countInbox(db, subscriber, { seen: false }, 1_000_000);
  console.info(`  target subscriber: ${total} live in-app messages, ${unseen} unseen`);

  const cases: [string, number, () => Promise<unknown>][] = [
    [
      'feed page 0 (10 rows: ids from the index, then the rows)',
      5,
      () => feedPage(db, subscriber, {}, { page: 0, limit: 10 }),
    ],
    ['feed page 50 (10 rows, offset 500)', 5, () => feedPage(db, subscriber, {}, { page: 50, limit: 10 })],
    [
      'feed page 0, unseen tab (seen=false)',
      5,
      () => feedPage(db, subscriber, { seen: false }, { page: 0, limit: 10 }),
    ],
    ['unseen count (capped at 100)', 2, () => countInbox(db, subscriber, { seen: false }, 100)],
    ['unread count (capped at 100)', 2, () => countInbox(db, subscriber, { read: false }, 100)],
    [
      'unseen count of feed `alerts` (capped at 100)',
      2,
      () =>
        countInbox(db, subscriber, { seen: false, feedIds: [setup.alertsFeedId] } satisfies InboxFilter, 100),
    ],
  ];
  for (const [what, target, work] of cases) add('repository', what, target, await samples(ITERATIONS, work));

  // Over HTTP: the real app on loopback (this process).
  const app = await createApp({
    database: handle,
    webDist: join(tmpdir(), 'forecourt-noweb-inbox'),
    logger: loggerOptions('warn'),
    auth: {},
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const session = await app.inject({
      method: 'POST',
      url: '/v1/widgets/session/initialize',
      payload: {
        applicationIdentifier: setup.environment.applicationIdentifier,
        subscriberId: setup.target.subscriberId,
        hmacHash: subscriberHash(setup.secretKey, setup.target.subscriberId),
      },
    });
    if (session.statusCode !== 201) throw new Error(`session: ${session.statusCode} ${session.body}`);
    const headers = { authorization: `Bearer ${session.json().data.token as string}` };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const http: [string, number, string][] = [
      ['GET /v1/widgets/notifications/feed?page=0', 5, '/v1/widgets/notifications/feed?page=0'],
      ['GET /v1/widgets/notifications/unseen?limit=100', 2, '/v1/widgets/notifications/unseen?limit=100'],
      ['GET /v1/widgets/notifications/unread?limit=100', 2, '/v1/widgets/notifications/unread?limit=100'],
    ];
    for (const [what, target, path] of http) {
      add('HTTP', what, target, await samples(ITERATIONS, () => get(agent, `${base}${path}`, headers)));
    }
    agent.destroy();
  } finally {
    await app.close();
  }

  // The plans of the same SQL (the repository's query shapes, with the values inlined).
  const inbox = `subscriber_id = ${subscriber} and channel = 'in_app' and deleted = 0`;
  const queries: [string, string][] = [
    [
      'feed page ids',
      `select id from notify_messages where ${inbox} order by created_at desc, id desc limit 11 offset 0`,
    ],
    [
      'unseen count',
      `select count(*) as count from (select 1 as one from notify_messages where ${inbox} and seen = 0 limit 100) as capped`,
    ],
    [
      'unread count',
      `select count(*) as count from (select 1 as one from notify_messages where ${inbox} and "read" = 0 limit 100) as capped`,
    ],
    [
      'unseen count of one feed',
      `select count(*) as count from (select 1 as one from notify_messages where ${inbox} and feed_id in (${setup.alertsFeedId}) and seen = 0 limit 100) as capped`,
    ],
  ];
  const plans: string[] = [];
  for (const [name, query] of queries) {
    const explain =
      handle.dialect === 'postgres' ? 'explain (analyze, buffers, costs off)' : 'explain query plan';
    const { rows: planRows } = await sql.raw<Record<string, unknown>>(`${explain} ${query}`).execute(db);
    const plan =
      handle.dialect === 'postgres'
        ? planRows.map((row) => String(Object.values(row)[0])).join('\n')
        : planRows.map((row) => String((row as { detail: string }).detail)).join('\n');
    plans.push(`${name}:\n${query}\n${plan}`);
  }
  return { rows, plans };
}

async function openTarget(url: string | null): Promise<{ handle: BenchDatabase; setup: Setup }> {
  if (url === null && values.keep) {
    const exists = existsSync(KEEP_FILE);
    mkdirSync(join(tmpdir(), 'forecourt-inbox-bench'), { recursive: true });
    const handle = openDatabase(KEEP_FILE);
    await migrateToLatest(handle.db);
    const db: BenchDatabase = { ...handle, label: 'SQLite', dispose: () => handle.close() };
    const setupFile = `${KEEP_FILE}.json`;
    if (exists && existsSync(setupFile)) {
      console.info(`SQLite: reusing ${KEEP_FILE}`);
      return { handle: db, setup: JSON.parse(readFileSync(setupFile, 'utf8')) as Setup };
    }
    rmSync(setupFile, { force: true });
    console.info(`SQLite: generating into ${KEEP_FILE}`);
    const setup = await generate(handle);
    writeFileSync(setupFile, JSON.stringify(setup));
    return { handle: db, setup };
  }
  const handle = await freshDatabase(url, 'inbox');
  console.info(`${handle.label}: generating`);
  return { handle, setup: await generate(handle) };
}

const targets: (string | null)[] = values['database-url']
  ? [values['database-url']]
  : [null, ...(process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [])];
const results = [];
for (const url of targets) {
  const { handle, setup } = await openTarget(url);
  try {
    const { rows, plans } = await measure(handle, setup);
    results.push({ label: handle.label, rows, plans, generation: setup.generation });
  } finally {
    await handle.dispose();
  }
}

console.info(
  `\nOne subscriber with ${(MESSAGES / STRIDE).toLocaleString('en')} messages in a ${MESSAGES.toLocaleString('en')}-message table; ${ROUNDS} rounds of ${ITERATIONS} calls each (ms):\n`,
);
console.info(
  '| database | via | read | p50 | p99 (all rounds) | p99 (best round) | CPU per call p99 | max | target p99 |',
);
console.info('|---|---|---|---|---|---|---|---|---|');
for (const { label, rows } of results) {
  for (const row of rows) {
    const mark = (value: number) => (value <= row.target ? '' : ' ✗');
    console.info(
      `| ${label} | ${row.where} | ${row.what} | ${ms(row.p50, 2)} | **${ms(row.p99, 2)}**${mark(row.p99)} | ${ms(row.bestP99, 2)}${mark(row.bestP99)} | ${ms(row.cpuP99, 2)} | ${ms(row.max, 1)} | ≤ ${row.target} |`,
    );
  }
}
for (const { label, plans, generation } of results) {
  console.info(`\n### ${label}: generation\n`);
  for (const line of generation) console.info(`- ${line}`);
  console.info(`\n### ${label}: plans\n\n\`\`\`\n${plans.join('\n\n')}\n\`\`\``);
}
console.info(`\n${machineLine()}`);
process.exit(0);

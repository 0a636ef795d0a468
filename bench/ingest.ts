import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FUEL_UNITS, type TFuel, type TIngestBatchInput, ZIngestBatch } from '@forecourt/contracts';
import pg from 'pg';
import { createApp } from '../apps/server/src/app';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { hashApiKey } from '../apps/server/src/modules/ingest/api-keys.service';
import { type ScaleName, seed } from '../apps/server/src/seed/seed';
import { appCpu, databaseCpu } from './cpu';
import { floorJobs } from './ingest-floor';

/**
 * Ingest throughput for bench/results/ingest.md: 5,000-item batches into a seeded database.
 *
 *   npx tsx bench/ingest.ts [--scale demo|tiny] [--batches 10]            # SQLite (temp file)
 *   node scripts/with-postgres.mjs npx tsx bench/ingest.ts [--scale demo] # SQLite, then PostgreSQL
 *   npx tsx bench/ingest.ts --database-url postgres://…/empty-db          # one given database
 *
 * Per database: seed the scale, start the real app on 127.0.0.1, give the four busiest stations
 * an API key, warm up, then send batches (built and serialised beforehand; each timed from request
 * to answer):
 * 1. 5,000 new fills per batch over HTTP (`POST /api/ingest`, JSON body ~1.3 MiB), one at a time:
 *    validation, reference checks, one database transaction (multi-row inserts, vehicle registry,
 *    totalisers), the rollup refresh of the touched hours and the realtime events; then the floor
 *    of those batches (bench/ingest-floor.ts: the same fills by a raw bulk insert), for the ratio;
 * 2. the same with two stations sending at once;
 * 3. the same through the service in process (schema parse + service, no HTTP or JSON);
 * 4. the batches of (1) sent again (5,000 duplicates each);
 * 5. mixed batches: 2,000 fills + 2,000 payments linked by source id + 1,000 ANPR reads.
 * Fills are 10 s apart per station (a batch covers ~14 hours, overlapping the seeded history),
 * 96 % with a registration from a pool of 1,500 per station. Throughput is items over wall time;
 * CPU per batch is this process (server and client) plus, on PostgreSQL, its backends (/proc).
 */
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    batches: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
});
const BATCH = 5_000;
const BATCHES = Number(values.batches);
const SPACING_MS = 10_000;
const CLASSES = ['car', 'car', '2w', '2w', 'truck', 'lcv', '3w', 'bus'] as const;
const MODES = ['upi', 'upi', 'cash', 'card', 'fleet_card', 'credit'] as const;

type Station = {
  id: number;
  slug: string;
  key: string;
  nozzles: { id: number; fuel: TFuel }[];
  prices: Map<string, number>;
};

type Row = {
  label: string;
  batches: number;
  items: number;
  p50: number;
  max: number;
  rate: number;
  unit: string;
  /** CPU ms per batch: this process (app + client) and the database server's backends (PostgreSQL). */
  cpuApp: number;
  cpuDb: number;
};

/** A fresh database: a temp SQLite file, or a new schema on the given PostgreSQL server. */
async function freshDatabase(url: string | null): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const schema = `bench_ingest_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const scoped = new URL(url);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    const handle = openDatabase(scoped.toString());
    return {
      ...handle,
      async dispose() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-ingest-bench-'));
  const handle = openDatabase(url ?? join(dir, 'bench.db'));
  return {
    ...handle,
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The organisation's four busiest open stations, each with a new API key. */
async function benchStations(handle: DatabaseHandle, now: number): Promise<Station[]> {
  const db = handle.db;
  const busiest = await db
    .selectFrom('transactions')
    .innerJoin('stations', 'stations.id', 'transactions.stationId')
    .select(['stations.id', 'stations.slug', 'stations.organizationId'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stations.status', '=', 'operational')
    .where('transactions.startedAt', '>=', now - 7 * 86_400_000)
    .groupBy(['stations.id', 'stations.slug', 'stations.organizationId'])
    .orderBy('n', 'desc')
    .limit(4)
    .execute();
  const stations: Station[] = [];
  for (const row of busiest) {
    const key = `fcs_${randomBytes(32).toString('base64url')}`;
    await db
      .insertInto('stationApiKeys')
      .values({
        organizationId: row.organizationId,
        stationId: row.id,
        name: 'bench',
        prefix: key.slice(0, 12),
        secretHash: hashApiKey(key),
        createdAt: now,
        createdBy: null,
      })
      .execute();
    const nozzles = await db
      .selectFrom('nozzles')
      .select(['id', 'fuel'])
      .where('stationId', '=', row.id)
      .where('status', 'not in', ['fault', 'disabled'])
      .execute();
    const prices = new Map<string, number>();
    for (const price of await db
      .selectFrom('fuelPrices')
      .select(['fuel', 'pricePaise'])
      .where('stationId', '=', row.id)
      .orderBy('effectiveOn', 'asc')
      .execute()) {
      prices.set(price.fuel, price.pricePaise);
    }
    stations.push({
      id: row.id,
      slug: row.slug,
      key,
      nozzles: nozzles.map((n) => ({ id: n.id, fuel: n.fuel as TFuel })),
      prices,
    });
  }
  return stations;
}

const iso = (ms: number) => new Date(ms).toISOString();
const registration = (station: number, n: number) =>
  `MH${String(10 + (station % 40)).padStart(2, '0')}BX${String(1000 + (n % 1500)).padStart(4, '0')}`;

/** `count` fills at the station, 10 s apart, ending at `endMs`; source ids `tag-…`. */
function fills(station: Station, tag: string, count: number, endMs: number) {
  return Array.from({ length: count }, (_, i) => {
    const nozzle = station.nozzles[i % station.nozzles.length]!;
    const startedAt = endMs - (count - i) * SPACING_MS;
    const units = FUEL_UNITS[nozzle.fuel] === 'kWh' ? 20 : 5 + ((i * 7_919) % 40_000) / 1000;
    const price = station.prices.get(nozzle.fuel) ?? 10_000;
    const vehicleClass = CLASSES[i % CLASSES.length]!;
    return {
      sourceId: `${tag}-${i}`,
      nozzleId: nozzle.id,
      startDate: iso(startedAt),
      endDate: iso(startedAt + 95_000),
      quantity: Math.round(units * 1000) / 1000,
      unitPricePaise: price,
      amountPaise: Math.round(units * price),
      paymentMode: MODES[i % MODES.length]!,
      status: 'completed' as const,
      vehicleRegistration: i % 25 === 7 ? null : registration(station.id, i * 31),
      vehicleClass,
    };
  });
}

function mixed(station: Station, tag: string, endMs: number): TIngestBatchInput {
  const transactions = fills(station, tag, 2_000, endMs);
  return {
    transactions,
    payments: transactions.map((fill) => ({
      sourceId: `${fill.sourceId}:pay`,
      transactionSourceId: fill.sourceId,
      timestamp: iso(Date.parse(fill.endDate) + 20_000),
      mode: fill.paymentMode,
      amountPaise: fill.amountPaise,
      status: 'success' as const,
      reference: `RRN${fill.sourceId}`,
      provider: 'bench',
    })),
    sightings: transactions
      .filter((fill) => fill.vehicleRegistration !== null)
      .slice(0, 1_000)
      .map((fill) => ({
        sourceId: `${fill.sourceId}:anpr`,
        registration: fill.vehicleRegistration as string,
        vehicleClass: fill.vehicleClass,
        seenAt: iso(Date.parse(fill.startDate) - 60_000),
        lane: 1,
        confidence: 92,
        dwellSeconds: 240,
        transactionSourceId: fill.sourceId,
      })),
  };
}

type Answer = { accepted: Record<string, number>; duplicates: Record<string, number> };

async function post(url: string, station: Station, body: string) {
  const started = performance.now();
  const response = await fetch(`${url}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': station.key },
    body,
  });
  const answer = (await response.json()) as Answer;
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`ingest answered ${response.status}: ${JSON.stringify(answer)}`);
  return { ms, answer };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function run(
  url: string | null,
  scale: ScaleName,
): Promise<{ dialect: string; rows: Row[]; notes: string[] }> {
  const handle = await freshDatabase(url);
  const notes: string[] = [];
  try {
    const seeded = await seed(handle, { scale });
    notes.push(
      `${handle.dialect}: seeded ${scale} (${fmt(seeded.counts.transactions ?? 0)} transactions) in ${seeded.seconds} s`,
    );
    const app = await createApp({
      database: handle,
      webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const stations = await benchStations(handle, seeded.now);
    if (stations.length === 0) throw new Error('no stations with fills: seed first');
    const rows: Row[] = [];
    // Each batch fills a fresh stretch of the past at its station: 5,000 × 10 s ≈ 14 hours.
    const span = BATCH * SPACING_MS;
    const windows = new Map<number, number>();
    const nextWindowEnd = (station: Station) => {
      const used = windows.get(station.id) ?? 0;
      windows.set(station.id, used + 1);
      return seeded.now - used * span;
    };

    // Warm-up (JIT, statement caches), not counted.
    for (const [i, target] of stations.entries()) {
      await post(
        base,
        target,
        JSON.stringify({ transactions: fills(target, `warm${i}`, BATCH, nextWindowEnd(target)) }),
      );
    }

    /**
     * Runs `jobs` (prepared beforehand, so building and serialising batches is not measured)
     * `concurrency` at a time; each job resolves with its own wall time. CPU is taken around the
     * whole run: this process (app, plus the HTTP client when there is one) and PostgreSQL's backends.
     */
    const timed = async (
      label: string,
      unit: string,
      items: number,
      jobs: (() => Promise<number>)[],
      concurrency = 1,
    ) => {
      const times: number[] = [];
      const [app0, db0] = [appCpu(), await databaseCpu(handle)];
      const started = performance.now();
      let next = 0;
      const worker = async () => {
        for (let job = jobs[next++]; job; job = jobs[next++]) times.push(await job());
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const wall = performance.now() - started;
      const [app1, db1] = [appCpu(), await databaseCpu(handle)];
      rows.push({
        label,
        batches: jobs.length,
        items,
        p50: median(times),
        max: Math.max(...times),
        rate: (items * jobs.length) / (wall / 1000),
        unit,
        cpuApp: (app1 - app0) / jobs.length,
        cpuDb: (db1 - db0) / jobs.length,
      });
    };
    const station = (i: number) => stations[i % stations.length]!;
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const httpJob = (target: Station, batch: object, check: (answer: Answer) => boolean) => {
      const body = JSON.stringify(batch);
      return async () => {
        const { ms, answer } = await post(base, target, body);
        if (!check(answer)) throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
        return ms;
      };
    };
    const allNew = (answer: Answer) => answer.accepted.transactions === BATCH;

    const sent: { station: Station; batch: object; tag: string }[] = [];
    await timed(
      '5,000 new fills, HTTP',
      'fills/s',
      BATCH,
      range(BATCHES).map((i) => {
        const tag = `http${i}`;
        const batch = { transactions: fills(station(i), tag, BATCH, nextWindowEnd(station(i))) };
        sent.push({ station: station(i), batch, tag });
        return httpJob(station(i), batch, allNew);
      }),
    );
    // The floor (bench/ingest-floor.ts): the fills of those batches written again by the raw bulk
    // insert of the dialect into the same indexed table.
    await timed(
      'floor: the same 5,000 fills, raw bulk insert into transactions (same indexes), one transaction',
      'fills/s',
      BATCH,
      await floorJobs(
        handle,
        sent.map(({ station: target, tag }) => ({ stationId: target.id, tag })),
        BATCH,
      ),
    );
    const [http, floor] = [rows[0]!, rows[1]!];
    const perCpu = (row: Row) => (row.items / (row.cpuApp + row.cpuDb)) * 1000;
    notes.push(
      `${handle.dialect}: ingest over HTTP (one sender) is ${((100 * http.rate) / floor.rate).toFixed(0)} % of the floor by wall time (${fmt(http.rate)} against ${fmt(floor.rate)} fills/s) and ${((100 * perCpu(http)) / perCpu(floor)).toFixed(0)} % by CPU (${fmt(perCpu(http))} against ${fmt(perCpu(floor))} fills per CPU-second, app + database)`,
    );
    await timed(
      '5,000 new fills, HTTP, 2 stations sending at once',
      'fills/s',
      BATCH,
      range(BATCHES).map((i) =>
        httpJob(
          station(i),
          { transactions: fills(station(i), `par${i}`, BATCH, nextWindowEnd(station(i))) },
          allNew,
        ),
      ),
      2,
    );
    await timed(
      '5,000 new fills, in process (schema parse + service)',
      'fills/s',
      BATCH,
      await Promise.all(
        range(BATCHES).map(async (i) => {
          const target = { stationId: station(i).id, organizationId: await orgOf(handle, station(i).id) };
          const raw = { transactions: fills(station(i), `svc${i}`, BATCH, nextWindowEnd(station(i))) };
          return async () => {
            const begun = performance.now();
            const result = await app.ingest.ingest(target, ZIngestBatch.parse(raw));
            if (result.accepted.transactions !== BATCH)
              throw new Error(`accepted ${result.accepted.transactions}`);
            return performance.now() - begun;
          };
        }),
      ),
    );
    await timed(
      'the same 5,000 fills again (all duplicates), HTTP',
      'fills/s',
      BATCH,
      sent.map(({ station: target, batch }) =>
        httpJob(target, batch, (answer) => answer.duplicates.transactions === BATCH),
      ),
    );
    await timed(
      '2,000 fills + 2,000 payments + 1,000 ANPR reads, HTTP',
      'items/s',
      BATCH,
      range(BATCHES).map((i) =>
        httpJob(
          station(i),
          mixed(station(i), `mix${i}`, nextWindowEnd(station(i))),
          (answer) =>
            answer.accepted.transactions! + answer.accepted.payments! + answer.accepted.sightings! === BATCH,
        ),
      ),
    );
    // The schema parse alone, for the breakdown.
    const sample = { transactions: fills(stations[0]!, 'parse', BATCH, seeded.now) };
    const parseTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      ZIngestBatch.parse(sample);
      parseTimes.push(performance.now() - started);
    }
    notes.push(
      `${handle.dialect}: schema parse of 5,000 fills ${median(parseTimes).toFixed(1)} ms; body ${(JSON.stringify(sample).length / 2 ** 20).toFixed(2)} MiB`,
    );
    await app.close();
    return { dialect: handle.dialect, rows, notes };
  } finally {
    await handle.dispose();
  }
}

const organizationOf = new Map<number, number>();
async function orgOf(handle: DatabaseHandle, stationId: number): Promise<number> {
  const known = organizationOf.get(stationId);
  if (known !== undefined) return known;
  const row = await handle.db
    .selectFrom('stations')
    .select('organizationId')
    .where('id', '=', stationId)
    .executeTakeFirstOrThrow();
  organizationOf.set(stationId, row.organizationId);
  return row.organizationId;
}

const targets: (string | null)[] = values['database-url']
  ? [values['database-url']]
  : [null, ...(process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [])];
const results = [];
for (const target of targets) {
  organizationOf.clear();
  results.push(await run(target, values.scale as ScaleName));
}

console.info(
  '\n| database | batch | batches | p50 ms | max ms | throughput (wall) | CPU ms per batch (app + db) | per CPU-second |',
);
console.info('|---|---|---|---|---|---|---|---|');
for (const { dialect, rows } of results) {
  for (const row of rows) {
    const cpu = row.cpuApp + row.cpuDb;
    const db = row.cpuDb > 0 ? ` (${row.cpuApp.toFixed(0)} + ${row.cpuDb.toFixed(0)})` : '';
    console.info(
      `| ${dialect} | ${row.label} | ${row.batches} | ${row.p50.toFixed(0)} | ${row.max.toFixed(0)} | **${fmt(row.rate)} ${row.unit}** | ${cpu.toFixed(0)}${db} | ${fmt((row.items / cpu) * 1000)} |`,
    );
  }
}
console.info('');
for (const { notes } of results) for (const note of notes) console.info(`- ${note}`);
console.info(
  `\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`,
);

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureInProcess } from './auth-micro';
import { BENCH_PASSWORD, benchEmail, serve } from './auth-server';

/**
 * Auth figures for bench/results/auth.md:
 *   npx tsx bench/auth.ts [--seconds 10] [--rounds 3]
 * 1. login latency at a steady ~20 logins/s (open loop, 20 accounts in turn);
 * 2. refresh (PUT /extend) latency at a steady 100/s, and throughput with 8 clients back to back;
 * 3. what verifying the access token costs: the same trivial route as {auth:'public'},
 *    {auth:'user'} and {grant}, under autocannon at c=1 and c=50 (median of the rounds);
 * 4. in process: one jose verification vs the cached path later requests take (auth-micro.ts).
 */
type Cannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<Cannon>;
const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const USERS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Server CPU time (user + system, µs) so far; differences give CPU per request. */
async function serverCpu(url: string): Promise<number> {
  const usage = (await (await fetch(`${url}/api/bench/cpu`)).json()) as { user: number; system: number };
  return usage.user + usage.system;
}

async function startServer(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function login(url: string, n: number) {
  const started = performance.now();
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchEmail(n % USERS), password: BENCH_PASSWORD }),
  });
  const body = (await response.json()) as { access_token: string; refresh_token: string };
  return { ms: performance.now() - started, status: response.status, body };
}

async function loginLatency(url: string, seconds: number) {
  const rate = 20;
  const pending: Promise<{ ms: number; status: number }>[] = [];
  const cpuBefore = await serverCpu(url);
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    pending.push(login(url, i));
  }
  const results = await Promise.all(pending);
  const cpuPerLogin = ((await serverCpu(url)) - cpuBefore) / results.length / 1000;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const failed = results.filter((r) => r.status !== 200).length;
  return {
    count: results.length,
    failed,
    cpuMs: cpuPerLogin,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

async function extend(url: string, token: string) {
  const started = performance.now();
  const response = await fetch(`${url}/api/auth/extend`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: token }),
  });
  const body = (await response.json()) as { refresh_token: string };
  return { ms: performance.now() - started, ok: response.status === 200, token: body.refresh_token };
}

/**
 * Refresh latency two ways: open loop at a steady `rate` (chains of tokens used in turn, each
 * waiting for its previous exchange), and closed loop with `clients` rotating back to back
 * (throughput; latency there is mostly queueing).
 */
async function refreshLatency(url: string, seconds: number, rate: number | null) {
  const chains = 20;
  const tokens = await Promise.all(
    Array.from({ length: chains }, async (_, c) => (await login(url, c)).body.refresh_token),
  );
  const busy: Promise<void>[] = tokens.map(() => Promise.resolve());
  const times: number[] = [];
  let failed = 0;
  const run = (c: number) => {
    busy[c] = busy[c]!.then(async () => {
      const result = await extend(url, tokens[c]!);
      times.push(result.ms);
      if (result.ok) tokens[c] = result.token;
      else failed++;
    });
  };
  const cpuBefore = await serverCpu(url);
  const start = performance.now();
  if (rate === null) {
    const clients = 8;
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        while (performance.now() < end) {
          run(c);
          await busy[c];
        }
      }),
    );
  } else {
    for (let i = 0; i < rate * seconds; i++) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, start + (i * 1000) / rate - performance.now())),
      );
      run(i % chains);
    }
    await Promise.all(busy);
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpuMs = ((await serverCpu(url)) - cpuBefore) / times.length / 1000;
  times.sort((a, b) => a - b);
  return {
    count: times.length,
    perSecond: times.length / elapsed,
    failed,
    cpuMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

/**
 * The same trivial route with each access mode. Throughput on a shared 2-core box swings by
 * ±20 %, so the server's CPU time per request (µs, all threads) is reported beside it: that is
 * what authentication actually adds.
 */
async function verifyCost(url: string, token: string, seconds: number, rounds: number) {
  const routes = ['public', 'user', 'grant'] as const;
  const rows: string[] = [];
  const headers = { authorization: `Bearer ${token}` };
  for (const route of routes) {
    await autocannon({ url: `${url}/api/bench/${route}`, connections: 10, duration: 2, headers });
  }
  for (const connections of [1, 50]) {
    const runs: Record<string, { rps: number; p99: number; cpu: number; bad: number }[]> = {
      public: [],
      user: [],
      grant: [],
    };
    for (let round = 0; round < rounds; round++) {
      // Alternate the order so drift in the machine's load does not favour one route.
      for (const route of round % 2 ? [...routes].reverse() : routes) {
        const cpuBefore = await serverCpu(url);
        const result = await autocannon({
          url: `${url}/api/bench/${route}`,
          connections,
          duration: seconds,
          headers,
        });
        const cpu = ((await serverCpu(url)) - cpuBefore) / result.requests.total;
        runs[route]!.push({
          rps: result.requests.average,
          p99: result.latency.p99,
          cpu,
          bad: result.non2xx + result.errors,
        });
      }
    }
    const base = runs.public!;
    const baseRps = median(base.map((r) => r.rps));
    const baseCpu = median(base.map((r) => r.cpu));
    for (const route of routes) {
      const rps = median(runs[route]!.map((r) => r.rps));
      const cpu = median(runs[route]!.map((r) => r.cpu));
      const p99 = median(runs[route]!.map((r) => r.p99));
      const bad = runs[route]!.reduce((sum, r) => sum + r.bad, 0);
      const pct = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
      const vsRps = route === 'public' ? '—' : pct(((rps - baseRps) / baseRps) * 100);
      const vsCpu = route === 'public' ? '—' : pct(((cpu - baseCpu) / baseCpu) * 100);
      rows.push(
        `| ${connections} | \`${route}\` | ${Math.round(rps).toLocaleString('en-US')} | ${vsRps} | ${p99} | ${cpu.toFixed(1)} | ${vsCpu} | ${bad} |`,
      );
    }
  }
  return rows;
}

async function main(seconds: number, rounds: number): Promise<void> {
  const server = await startServer();
  try {
    const first = await login(server.url, 0);
    const logins = await loginLatency(server.url, seconds);
    const refresh = await refreshLatency(server.url, seconds, 100);
    const saturated = await refreshLatency(server.url, seconds, null);
    const verify = await verifyCost(server.url, first.body.access_token, seconds, rounds);
    const micro = await measureInProcess();
    console.info(
      `\n${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${new Date().toISOString()}`,
    );
    const line = (name: string, r: typeof refresh | typeof logins) =>
      `| ${name} | ${r.count} | ${r.failed} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.cpuMs)} |`;
    console.info(
      `\n| measure | n | failed | p50 ms | p95 ms | p99 ms | server CPU ms each |\n|---|---|---|---|---|---|---|`,
    );
    console.info(line('login at 20/s', logins));
    console.info(line('refresh at 100/s', refresh));
    console.info(line(`refresh, 8 clients back to back (${Math.round(saturated.perSecond)}/s)`, saturated));
    console.info(
      `\n| c | access | req/s (median of ${rounds}) | req/s vs public | p99 ms | server CPU µs/req | CPU vs public | non-2xx |\n|---|---|---|---|---|---|---|---|`,
    );
    for (const row of verify) console.info(row);
    console.info(
      `\nin process: jose HS256 verification with all checks ${(micro.joseNs / 1000).toFixed(1)} µs (first request with a token); cached path ${(micro.cachedNs / 1000).toFixed(2)} µs (every later request)`,
    );
  } finally {
    server.stop();
  }
}

if (values.serve) {
  await serve(USERS);
} else {
  await main(Number(values.seconds), Number(values.rounds));
}

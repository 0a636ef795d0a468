/**
 * First content per route in Chromium: how long after navigation a screen shows its figures, on a
 * cold browser cache, with what the page downloaded to get there.
 *
 *   npm run build && npx tsx bench/first-content.ts [--runs 5] [--data <dir with a seeded demo db>] [--waterfall]
 *
 * Starts the built app (its own process, SQLite, demo data seeded on first start, simulator off),
 * signs in as the demo admin through the API, then for each route opens a new browser context
 * (empty cache) with the stored session and measures, from navigation start: the first request
 * of the route's data (did it start with the code, or after it?), its answer, and the moment the
 * figures are visible. Reports median and worst of the runs, and the JavaScript bytes on the wire
 * with their content encoding. `--waterfall` also prints every request of each route's last run
 * (start and end in ms from navigation, bytes on the wire), to see what waits for what.
 *
 * The ready marker is what the user waits for: the command centre's revenue figure; on station
 * metrics (a page of charts) the first chart drawn (its SVG surface), not the charts' container.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 5);
const dataDir = option('data') ?? mkdtempSync(join(tmpdir(), 'forecourt-first-content-'));

type RouteCase = {
  name: string;
  path: (slug: string) => string;
  /** The test id of what the user waits for; with `drawn`, a CSS selector inside it that must show. */
  ready: string;
  drawn?: string;
  data: RegExp;
};
const WATERFALL = args.includes('--waterfall');
const ROUTES: RouteCase[] = [
  { name: 'command centre', path: () => '/command', ready: 'kpi-revenue-value', data: /\/api\/command/ },
  {
    name: 'station metrics',
    path: (slug) => `/stations/${slug}/metrics`,
    ready: 'metrics-charts',
    drawn: 'svg.recharts-surface',
    data: /\/api\/stations\/[^/]+\/metrics/,
  },
  {
    name: 'station list',
    path: () => '/stations',
    ready: 'station-row',
    data: /\/api\/stations\?|\/api\/stations$/,
  },
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('the server did not start within 180 s');
}

/** The CSS selector of what the user waits for. */
const readySelector = (route: RouteCase) =>
  `[data-testid="${route.ready}"]${route.drawn ? ` ${route.drawn}` : ''}`;

/**
 * In the page, from its first script: when the ready element is first in the DOM with a size, the
 * next animation frame (the one that paints it) records `performance.now()` in
 * `window.__firstContent`. The harness's own check polls over CDP and sees it later,
 * the more so on a busy machine, so the table reports the painted frame.
 */
function paintProbe(selector: string): string {
  return `(() => {
    const selector = ${JSON.stringify(selector)};
    let done = false;
    const check = () => {
      if (done) return;
      const found = document.querySelector(selector);
      if (!found) return;
      const box = found.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => { window.__firstContent = performance.now(); });
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  })();`;
}

type Sample = {
  /** The frame that painted the ready element, in ms from the navigation call. */
  painted: number;
  /** DOMContentLoaded: the entry script and every module it imports have run. */
  entryDone: number;
  waterfall: string[];
  requestStart: number | null;
  responseEnd: number | null;
  visible: number;
  jsBytes: number;
  jsFiles: number;
  encodings: Set<string>;
};

async function measure(page: Page, base: string, route: RouteCase, slug: string): Promise<Sample> {
  let requestStart: number | null = null;
  let responseEnd: number | null = null;
  let jsBytes = 0;
  let jsFiles = 0;
  const encodings = new Set<string>();
  const waterfall: string[] = [];
  let t0 = 0;
  page.on('request', (request) => {
    if (requestStart === null && route.data.test(request.url())) requestStart = Date.now() - t0;
  });
  page.on('requestfinished', async (request) => {
    if (responseEnd === null && route.data.test(request.url())) responseEnd = Date.now() - t0;
    if (WATERFALL) {
      const timing = request.timing();
      const sizes = await request.sizes().catch(() => null);
      const start = timing.startTime - t0;
      waterfall.push(
        `${start.toFixed(0).padStart(6)} ${(start + timing.responseEnd).toFixed(0).padStart(6)} ${String(sizes?.responseBodySize ?? 0).padStart(8)}  ${new URL(request.url()).pathname}`,
      );
    }
    if (request.resourceType() === 'script') {
      const response = await request.response();
      const sizes = await request.sizes().catch(() => null);
      jsFiles += 1;
      jsBytes += sizes?.responseBodySize ?? 0;
      encodings.add((await response?.headerValue('content-encoding')) ?? 'identity');
    }
  });
  t0 = Date.now();
  await page.goto(`${base}${route.path(slug)}`, { waitUntil: 'commit' });
  const ready = page.getByTestId(route.ready).first();
  await (route.drawn ? ready.locator(route.drawn).first() : ready).waitFor({
    state: 'visible',
    timeout: 60_000,
  });
  const visible = Date.now() - t0;
  await page.waitForFunction('typeof window.__firstContent === "number"', undefined, { timeout: 10_000 });
  // On the harness's clock (from the navigation call), like the request times.
  const painted = Math.round(
    Number(await page.evaluate('window.__firstContent + performance.timeOrigin')) - t0,
  );
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // DOM types are not in the bench's tsconfig: the page function is given as source text.
  const entryDone = Number(
    await page.evaluate(
      'Math.round(performance.getEntriesByType("navigation")[0]?.domContentLoadedEventEnd ?? NaN)',
    ),
  );
  waterfall.sort((a, b) => Number(a.slice(0, 6)) - Number(b.slice(0, 6)));
  return { painted, entryDone, waterfall, requestStart, responseEnd, visible, jsBytes, jsFiles, encodings };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@forecourt.demo', password: 'forecourt-demo' }),
    });
    const tokens = (await login.json()) as { access_token: string; refresh_token: string };
    const stations = (await (
      await fetch(`${base}/api/stations?sort=name`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    ).json()) as { results: { slug: string }[] };
    const slug = stations.results[0]?.slug ?? '';
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.info(`first content, ${RUNS} cold runs per route; load average before: ${load}`);
    console.info(
      '| route | first content painted (median / worst) | seen by the harness (median) | entry scripts done (median) | data request starts (median) | data answered (median) | JS on the wire | encodings |',
    );
    console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
    const waterfalls: string[] = [];
    for (const route of ROUTES) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        // The session as the app stores it, in place before the app's first script runs.
        await context.addInitScript({
          content: `localStorage.setItem('credentials', ${JSON.stringify(JSON.stringify(tokens))});`,
        });
        await context.addInitScript({ content: paintProbe(readySelector(route)) });
        const page = await context.newPage();
        samples.push(await measure(page, base, route, slug));
        await context.close();
      }
      const painted = samples.map((s) => s.painted);
      const visible = samples.map((s) => s.visible);
      const starts = samples.map((s) => s.requestStart ?? Number.NaN);
      const answers = samples.map((s) => s.responseEnd ?? Number.NaN);
      const entries = samples.map((s) => s.entryDone);
      const last = samples.at(-1);
      if (WATERFALL && last)
        waterfalls.push(
          `\n${route.name} (last run: painted at ${last.painted} ms; start end bytes path):`,
          ...last.waterfall,
        );
      console.info(
        `| ${route.name} | ${median(painted)} ms / ${Math.max(...painted)} ms | ${median(visible)} ms | ${median(entries)} ms | ${median(starts)} ms | ${median(answers)} ms | ${((last?.jsBytes ?? 0) / 1024).toFixed(0)} KiB in ${last?.jsFiles} files | ${[...(last?.encodings ?? [])].join(', ')} |`,
      );
    }
    for (const line of waterfalls) console.info(line);
    console.info(
      `load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

await main();

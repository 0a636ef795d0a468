// A small loopback load balancer in front of several Forecourt processes (npm run cluster, the
// cluster tests and benchmarks): HTTP requests and websocket upgrades go round-robin to the
// backends, through http-proxy-3. No sticky sessions: the web app and the inbox connect their
// sockets websocket-only, so a socket's whole life is one upgraded connection to one process.
// A backend that refuses connections is skipped for two seconds; a GET/HEAD it refused is tried
// on the next one, as a reverse proxy with retries would.
import { createServer } from 'node:http';
import { createProxyServer } from 'http-proxy-3';

const DOWN_MS = 2_000;

/**
 * @param {{ backends: string[], port?: number, host?: string }} options
 * @returns {Promise<{ url: string, port: number, setBackends(backends: string[]): void, close(): Promise<void>, stats: { requests: number, upgrades: number[], retried: number, failed: number } }>}
 */
export async function startProxy({ backends, port = 0, host = '127.0.0.1' }) {
  let targets = [...backends];
  const downUntil = new Map();
  let next = 0;
  const stats = { requests: 0, upgrades: targets.map(() => 0), retried: 0, failed: 0 };
  const proxy = createProxyServer({ xfwd: true, ws: true });
  // Errors after a request or socket was handed over (a backend killed mid-stream): the affected
  // connection ends; the proxy carries on.
  proxy.on('error', (_error, _req, target) => {
    if (target && typeof target.destroy === 'function') target.destroy();
  });

  /** The backends to try, the next in turn first, those marked down last. */
  function order() {
    const start = next++ % targets.length;
    const all = targets.map((_, i) => targets[(start + i) % targets.length]);
    const now = Date.now();
    return [
      ...all.filter((t) => (downUntil.get(t) ?? 0) <= now),
      ...all.filter((t) => (downUntil.get(t) ?? 0) > now),
    ];
  }

  const refused = (error) => error && (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET');

  const server = createServer((req, res) => {
    stats.requests += 1;
    const candidates = order();
    const retryable = req.method === 'GET' || req.method === 'HEAD';
    const attempt = (index) => {
      const target = candidates[index];
      proxy.web(req, res, { target }, (error) => {
        if (refused(error)) downUntil.set(target, Date.now() + DOWN_MS);
        if (refused(error) && retryable && !res.headersSent && index + 1 < candidates.length) {
          stats.retried += 1;
          attempt(index + 1);
          return;
        }
        stats.failed += 1;
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"statusCode":502,"code":"BAD_GATEWAY","message":"No backend answered"}');
      });
    };
    attempt(0);
  });

  server.on('upgrade', (req, socket, head) => {
    const [target] = order();
    const index = targets.indexOf(target);
    if (index >= 0) stats.upgrades[index] = (stats.upgrades[index] ?? 0) + 1;
    socket.on('error', () => socket.destroy());
    proxy.ws(req, socket, head, { target }, (error) => {
      if (refused(error)) downUntil.set(target, Date.now() + DOWN_MS);
      // The client sees a failed handshake and reconnects; its next attempt goes elsewhere.
      socket.destroy();
    });
  });

  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    stats,
    setBackends(list) {
      targets = [...list];
      stats.upgrades = targets.map((_, i) => stats.upgrades[i] ?? 0);
    },
    async close() {
      proxy.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

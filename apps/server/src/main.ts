import { join } from 'node:path';
import { createApp, loggerOptions } from './app';
import { describeDatabase, loadConfig } from './config';
import { migrateToLatest, openDatabase, withStartupLock } from './db/database';
import { measureUnmeasuredIndexes } from './db/planner-statistics';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { seedIfEmpty } from './seed/seed';

const config = loadConfig();
const database = openDatabase(config.databaseUrl, config.database);
const app = await createApp({
  database,
  webDist: config.webDist,
  logger: loggerOptions(config.logLevel),
  auth: { secret: config.authSecret },
  trustProxy: config.trustProxy,
  mail: config.mail,
  oauth: config.oauth,
  notify: config.notify,
  filesDir: join(config.dataDir, 'files'),
  filesHost: config.filesHost,
  ...(config.simulator ? { simulator: {} } : {}),
  ...(config.notify.redisUrl ? { redis: { url: config.notify.redisUrl } } : {}),
  roles: config.roles,
});
const log = app.log;

log.info({ database: describeDatabase(config.databaseUrl), dialect: config.dialect }, 'opening database');
// Never log SMTP_URL itself: it may carry the SMTP password.
log.info(
  { mail: config.mail.smtpUrl ? 'smtp' : 'outbox', appUrl: config.mail.appUrl },
  config.mail.smtpUrl
    ? 'mail goes out over SMTP'
    : 'no SMTP_URL: mail is kept in the outbox (GET /api/outbox)',
);
log.info({ roles: [...config.roles], redis: config.notify.redisUrl !== undefined }, 'process roles');
// Migrations and the demo seed run once even when several processes start together (PostgreSQL:
// one at a time under an advisory lock), on a connection pool without the statement timeout.
const startup = config.dialect === 'postgres' ? openDatabase(config.databaseUrl, { poolSize: 4 }) : database;
try {
  await withStartupLock(startup, async () => {
    const applied = await migrateToLatest(startup.db);
    if (applied.length > 0) log.info({ migrations: applied }, 'migrations applied');
    if (config.seedDemo) {
      const summary = await seedIfEmpty(startup, { scale: 'demo', log: (message) => log.info(message) });
      if (summary) log.info({ seconds: summary.seconds }, 'demo data seeded');
    }
    const measured = measureUnmeasuredIndexes(startup);
    if (measured.length > 0) log.info({ tables: measured }, 'planner statistics refreshed for new indexes');
  });
} finally {
  if (startup !== database) await startup.close();
}
if (config.simulator)
  log.info('live simulator on: demo stations get new data every few seconds (SIMULATOR=off to stop)');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // The drain is bounded by SHUTDOWN_DRAIN_MS; closing (queues, leases, Redis) gets 20 s more.
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownDrainMs + 20_000);
  force.unref();
  try {
    // Sockets close first as a transport close: their clients reconnect to another process.
    const drained = await app.drain.drain({
      deadlineMs: config.shutdownDrainMs,
      onStart: () => app.realtime.close(),
    });
    log.info(drained, 'requests drained');
    await app.close();
    await database.close();
    log.info('stopped cleanly');
    process.exit(0);
  } catch (error) {
    log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

const address = new URL(await app.listen({ port: config.port, host: config.host }));
if (address.hostname === '127.0.0.1' || address.hostname === '0.0.0.0') address.hostname = 'localhost';
const url = address.origin;
const logins = DEMO_ACCOUNTS.map((account) => `    ${account.email.padEnd(24)} ${account.description}`).join(
  '\n',
);
process.stdout.write(
  `\n  Forecourt is running at ${url}\n  API docs: ${url}/api/docs\n\n  Demo logins (password "${DEMO_PASSWORD}"):\n${logins}\n\n`,
);

// Usage: node scripts/with-postgres.mjs <command> [args…]
// Runs the command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster, then stops it.
import { spawnSync } from 'node:child_process';
import { startPostgres } from './postgres-cluster.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}
const cluster = await startPostgres();
const stopAndExit = (code) => {
  cluster.stop();
  process.exit(code);
};
process.on('SIGINT', () => stopAndExit(130));
process.on('SIGTERM', () => stopAndExit(143));
console.info(`PostgreSQL ready at ${cluster.url}`);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  shell: false,
  env: { ...process.env, TEST_DATABASE_URL: cluster.url },
});
stopAndExit(result.status ?? 1);

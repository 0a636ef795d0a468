import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { findEnvironmentOfOrganization } from '../apps/server/src/modules/notify/environments.repository';
import { presetSecretKey } from '../apps/server/src/modules/notify/environments.service';
import type { EnvironmentRow } from '../apps/server/src/modules/notify/notify.deps';
import { notifyKeys } from '../apps/server/src/modules/notify/secrets';

/** Shared by the notification benches (bench/notify-*.ts). */

export type BenchDatabase = DatabaseHandle & { label: string; dispose(): Promise<void> };

/**
 * A fresh, migrated database: a temp SQLite file (`url` null), or a new schema on the given
 * PostgreSQL server (dropped by `dispose`).
 */
export async function freshDatabase(url: string | null, tag: string): Promise<BenchDatabase> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const schema = `bench_${tag}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const scoped = new URL(url);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    const handle = openDatabase(scoped.toString());
    await migrateToLatest(handle.db);
    return {
      ...handle,
      label: 'PostgreSQL',
      async dispose() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `forecourt-${tag}-bench-`));
  const handle = openDatabase(join(dir, 'bench.db'));
  await migrateToLatest(handle.db);
  return {
    ...handle,
    label: 'SQLite',
    async dispose() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The databases a bench runs on: the given one, else SQLite then (under with-postgres) PostgreSQL. */
export function benchTargets(given: string | undefined): (string | null)[] {
  if (given) return [given];
  return [null, ...(process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [])];
}

/** An organisation with a notification environment whose secret key the bench knows. */
export async function benchEnvironment(
  db: Db,
): Promise<{ organizationId: number; environment: EnvironmentRow; secretKey: string }> {
  const now = Date.now();
  const organization = await db
    .insertInto('organizations')
    .values({
      slug: `bench-${randomBytes(3).toString('hex')}`,
      name: 'Bench',
      kind: 'dealer_group',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const secretKey = `bench-secret-${randomBytes(24).toString('hex')}`;
  const clock = () => Date.now();
  await presetSecretKey({ db, now: clock, keys: notifyKeys(db, clock) }, organization.id, secretKey);
  const environment = (await findEnvironmentOfOrganization(db, organization.id)) as EnvironmentRow;
  return { organizationId: organization.id, environment, secretKey };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export const ms = (value: number, digits = 1) => value.toFixed(digits);

/** One line about the machine and the moment (load average matters on the shared box). */
export function machineLine(): string {
  return `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`;
}

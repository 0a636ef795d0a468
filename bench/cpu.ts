import { readdirSync, readFileSync } from 'node:fs';
import type { DatabaseHandle } from '../apps/server/src/db/database';

/** CPU time readings of the benches: this process, and the PostgreSQL server on the same machine. */

/**
 * CPU time (ms) used so far by the PostgreSQL server of this database (Linux /proc, same machine):
 * the postmaster with its reaped children plus every live child (backends, WAL writer,
 * checkpointer…), so backends that exit between two readings are still counted.
 */
export async function databaseCpu(handle: DatabaseHandle): Promise<number> {
  if (!handle.pool) return 0;
  const stat = (pid: number | string) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    } catch {
      return [];
    }
  };
  const { rows } = await handle.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = stat(rows[0]?.pid ?? 0)[1]; // ppid
  if (!postmaster) return 0;
  // Fields after "comm)": state ppid … utime(11) stime(12) cutime(13) cstime(14).
  const own = stat(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = stat(entry);
    if (fields[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10; // USER_HZ = 100
}
/** CPU time (ms) used so far by this process. */
export const appCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

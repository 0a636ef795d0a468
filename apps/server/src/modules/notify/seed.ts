import type { Db } from '../../db/database';
import { ensureEnvironments } from './environments.service';
import { notifyKeys } from './secrets';

/**
 * The demo seed's notification data: an environment per organisation (a fresh secret key each;
 * `NOTIFY_SECRET_KEY` replaces the demo organisation's at startup) with the default workflows,
 * `system-announcement` among them, and the workflows of the dashboard's domain events
 * (domain-workflows.ts). Returns how many environments were created.
 */
export function seedNotify(db: Db, now: number): Promise<number> {
  return ensureEnvironments({ db, now: () => now, keys: notifyKeys(db, () => now) });
}

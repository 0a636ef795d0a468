import type { Db } from '../../db/database';
import { ensureEnvironments } from './environments.service';
import { notifyKeys } from './secrets';

/**
 * The demo seed's notification data: an environment per organisation (a fresh secret key each;
 * `NOTIFY_SECRET_KEY` replaces the demo organisation's at startup) with the default workflows,
 * `system-announcement` among them. Returns how many environments were created. The workflows of
 * the dashboard's domain events (domain-workflows.ts) are created on the first event that needs
 * them, so existing databases get them too.
 */
export function seedNotify(db: Db, now: number): Promise<number> {
  return ensureEnvironments({ db, now: () => now, keys: notifyKeys(db, () => now) });
}

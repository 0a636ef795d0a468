import type { Db } from '../../db/database';
import { authContext } from './auth-context';

/**
 * Makes this process re-read a user's memberships on their next request, so a changed role,
 * scope, station list or status applies at once here (other processes within the sessions
 * module's short cache time).
 */
export function forgetUserState(db: Db, userId: number): void {
  authContext(db).users.invalidate(userId);
}

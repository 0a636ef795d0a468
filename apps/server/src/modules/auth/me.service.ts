import { compactScope, type TMe } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { SessionCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { findMeUser, findOrganizationSummary } from './me.repository';

/** `GET /api/auth/me`: the signed-in user, their organisation and what they may do there. */
export async function getMe(db: Db, caller: SessionCaller): Promise<TMe> {
  const user = await findMeUser(db, caller.userId);
  if (!user) throw new AppError('INVALID_TOKEN', 'The access token is invalid or has expired');
  const organization =
    caller.organizationId === null
      ? null
      : ((await findOrganizationSummary(db, caller.organizationId)) ?? null);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerifiedAt !== null,
    organization,
    role: organization ? caller.role : null,
    scope: organization ? compactScope(caller.grants) : '',
    stationIds: organization ? (caller.stationIds === 'all' ? 'all' : [...caller.stationIds]) : [],
  };
}

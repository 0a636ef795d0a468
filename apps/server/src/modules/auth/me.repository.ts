import type { Db } from '../../db/database';

/** SQL of `GET /api/auth/me`: the user's profile and the organisation they are signed in to. */

export function findMeUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'emailVerifiedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findOrganizationSummary(db: Db, organizationId: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'slug', 'name'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
}

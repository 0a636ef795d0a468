import type { TOrganizationSignupRequest, TTokenPair } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { SessionCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { recordAuditEvent } from '../audit/audit.repository';
import { issueTokens } from '../auth/sessions.service';
import { insertMembership } from '../members/members.repository';
import { forgetUserState } from '../members/user-state';
import type { AccountsDeps } from './accounts.deps';
import { findActiveOrganizationId } from './users.repository';

const exists = () => new AppError('ORGANIZATION_EXISTS', 'You already belong to an organisation');

/** A URL slug from an organisation name: ASCII letters and digits joined by dashes. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'organisation';
}

/** The slug itself if free, else the first free `slug-2`, `slug-3`, … */
async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('organizations')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Organisation signup for a signed-in user without an organisation: creates the organisation
 * with a unique slug, makes the user its admin, and answers fresh tokens carrying the new scope.
 */
export async function signUpOrganization(
  deps: AccountsDeps,
  caller: SessionCaller,
  input: TOrganizationSignupRequest,
): Promise<TTokenPair> {
  const userId = caller.userId;
  if (caller.organizationId !== null) throw exists();
  for (let attempt = 0; ; attempt++) {
    try {
      await createOrganization(deps, userId, input);
      break;
    } catch (error) {
      // Two signups picked the same free slug at once: the loser tries the next one.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  forgetUserState(deps.db, userId);
  const { access_token, refresh_token } = await issueTokens(deps.db, userId);
  return { access_token, refresh_token };
}

async function createOrganization(deps: AccountsDeps, userId: number, input: TOrganizationSignupRequest) {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx: Db) => {
    if ((await findActiveOrganizationId(trx, userId)) !== null) throw exists();
    const slug = await freeSlug(trx, slugify(input.name));
    const organization = await trx
      .insertInto('organizations')
      .values({
        slug,
        name: input.name,
        kind: input.kind,
        isFuelProvider: input.kind === 'omc_region' ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const membershipId = await insertMembership(
      trx,
      {
        organizationId: organization.id,
        userId,
        role: 'admin',
        scope: null,
        stationIds: 'all',
        status: 'active',
      },
      now,
    );
    await recordAuditEvent(trx, {
      organizationId: organization.id,
      actorUserId: userId,
      action: 'organization.created',
      target: `organization:${organization.id}`,
      data: { slug, name: input.name, kind: input.kind, membershipId },
      at: now,
    });
  });
}

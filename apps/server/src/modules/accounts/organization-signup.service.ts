import type { TOrganizationSignupRequest, TTokenPair } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { SessionCaller } from '../../http/caller';
import { AppError } from '../../lib/app-error';
import { firstFreeSlug, slugify } from '../../lib/slug';
import { recordAuditEvent } from '../audit/audit';
import { forgetUserState } from '../auth/forget-user-state';
import { issueTokens } from '../auth/sessions.service';
import { insertOrganization, organizationSlugsLike } from '../organizations/organizations';
import type { AccountsDeps } from './accounts.deps';
import { findActiveOrganizationId } from './users.repository';

const exists = () => new AppError('ORGANIZATION_EXISTS', 'You already belong to an organisation');

/**
 * Organisation signup for a signed-in user without an organisation: creates the organisation
 * with a unique slug, makes the user its admin, announces `organization.created` (its notification
 * environment and workflows are created from it), and answers fresh tokens carrying the new scope.
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
      const organizationId = await createOrganization(deps, userId, input);
      deps.events?.publish({
        type: 'organization.created',
        organizationId,
        actorUserId: userId,
        at: deps.clock(),
      });
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

async function createOrganization(
  deps: AccountsDeps,
  userId: number,
  input: TOrganizationSignupRequest,
): Promise<number> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx: Db) => {
    if ((await findActiveOrganizationId(trx, userId)) !== null) throw exists();
    const base = slugify(input.name, 'organisation');
    const slug = firstFreeSlug(base, await organizationSlugsLike(trx, base));
    const organization = await insertOrganization(
      trx,
      { slug, name: input.name, kind: input.kind, isFuelProvider: input.kind === 'omc_region' ? 1 : 0 },
      now,
    );
    const membershipId = await deps.memberships.insertMembership(
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
    return organization.id;
  });
}

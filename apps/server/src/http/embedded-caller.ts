import type { Db } from '../db/database';
import { findFirstOrganizationId } from '../modules/organizations/organizations.repository';
import type { CallerResolver } from './caller';

/**
 * Until the auth module lands, every request reads the main (first) organisation with access to
 * all of its stations. Tests pass their own resolver to createApp to act as other callers.
 */
export function embeddedCallerResolver(db: Db): CallerResolver {
  let organizationId: number | null = null;
  return async () => {
    organizationId ??= await findFirstOrganizationId(db);
    return organizationId === null ? null : { organizationId, userId: null, stationIds: 'all' };
  };
}

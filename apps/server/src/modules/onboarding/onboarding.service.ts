import type { TOnboardingStatus } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { onboardingCounts } from './onboarding.repository';

/** The setup checklist of the caller's organisation (docs/DECISIONS.md "Onboarding"). */
export async function getOnboardingStatus(db: Db, caller: Caller): Promise<TOnboardingStatus> {
  const counts = await onboardingCounts(db, caller.organizationId);
  const people = Math.max(0, counts.memberships - 1);
  return {
    stations: counts.stations,
    stationsWithKey: counts.stationsWithKey,
    stationsReporting: counts.stationsReporting,
    people,
    nextStationSlug: counts.nextStationSlug,
    complete: counts.stations > 0 && counts.stationsWithKey > 0 && counts.stationsReporting > 0 && people > 0,
  };
}

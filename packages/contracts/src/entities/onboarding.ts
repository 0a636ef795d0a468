import { z } from 'zod';

/**
 * `GET /api/onboarding`: how far an organisation is with its setup, for the checklist admins see
 * until every step is done: a station, its ingest key, its first data, a second person.
 */
export const ZOnboardingStatus = z.object({
  stations: z.number().int().nonnegative(),
  /** Stations with at least one ingest key that is not revoked. */
  stationsWithKey: z.number().int().nonnegative(),
  /** Stations whose key has been used by the ingest API at least once. */
  stationsReporting: z.number().int().nonnegative(),
  /** Members and pending invitations besides the first admin. */
  people: z.number().int().nonnegative(),
  /** The slug of the first station without a key (where the next step happens), if any. */
  nextStationSlug: z.string().nullable(),
  complete: z.boolean(),
});
export type TOnboardingStatus = z.infer<typeof ZOnboardingStatus>;

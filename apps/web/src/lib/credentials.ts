import { z } from 'zod';
import { readStoredJson, STORAGE_KEYS } from './storage';

/** What sign-in stores under `credentials` (spec §3). Anything that fails to parse counts as signed out. */
const ZStoredCredentials = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type TStoredCredentials = z.infer<typeof ZStoredCredentials>;

export function readCredentials(): TStoredCredentials | null {
  return readStoredJson(STORAGE_KEYS.credentials, ZStoredCredentials);
}

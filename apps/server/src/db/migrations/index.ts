import type { Migration } from 'kysely';
import * as initial from './0001-initial';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};

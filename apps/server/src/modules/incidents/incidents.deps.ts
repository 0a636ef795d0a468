import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import type { FileStore } from '../files/file-store';

/** What the incidents and files modules need: the database, the clock, the event bus, the file store. */
export type IncidentsDeps = {
  db: Db;
  now: () => number;
  events: DomainEventBus;
  files: FileStore;
  /** Where `{address}` links in incident texts point (FILES_HOST; lib/file-links.ts). */
  filesHost: string;
};

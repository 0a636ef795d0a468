import type { TStoredFile } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';

/**
 * An incident's evidence files, oldest first. The files module implements it
 * (`files/incident-evidence.ts`) and app.ts passes it in, so incidents does not import files.
 */
export type IncidentEvidence = (db: Db, incidentId: number) => Promise<TStoredFile[]>;

/** What the incidents module needs: the database, the clock, the event bus, the evidence reader. */
export type IncidentsDeps = {
  db: Db;
  now: () => number;
  events: DomainEventBus;
  evidence: IncidentEvidence;
  /** Where `{address}` links in incident texts point (FILES_HOST; lib/file-links.ts). */
  filesHost: string;
};

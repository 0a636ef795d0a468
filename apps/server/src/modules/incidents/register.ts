import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import type { IncidentEvidence, IncidentsDeps } from './incidents.deps';
import { incidentsRoutes } from './incidents.routes';

/** Incidents; returns the dependencies the files module's evidence routes share (app.ts registers them). */
export async function registerIncidents(
  app: FastifyInstance,
  options: {
    db: Db;
    now: () => number;
    events: DomainEventBus;
    evidence: IncidentEvidence;
    /** Where `{address}` links in incident texts point (lib/file-links.ts). */
    filesHost: string;
  },
): Promise<IncidentsDeps> {
  const deps: IncidentsDeps = {
    db: options.db,
    now: options.now,
    events: options.events,
    evidence: options.evidence,
    filesHost: options.filesHost,
  };
  await app.register(incidentsRoutes(deps));
  return deps;
}

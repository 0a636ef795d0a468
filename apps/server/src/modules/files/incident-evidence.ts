import type { IncidentEvidence } from '../incidents/incidents.deps';
import { presentFile } from './files.presenter';
import { incidentFiles } from './files.repository';

/** An incident's evidence files as the incident detail shows them (passed to incidents by app.ts). */
export const incidentEvidence: IncidentEvidence = async (db, incidentId) =>
  (await incidentFiles(db, incidentId)).map(presentFile);

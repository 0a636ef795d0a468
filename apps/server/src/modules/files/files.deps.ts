import type { IncidentsDeps } from '../incidents/incidents.deps';
import type { FileStore } from './file-store';

/** What the evidence routes need: the incidents module's dependencies and the file store. */
export type FilesDeps = IncidentsDeps & { files: FileStore };

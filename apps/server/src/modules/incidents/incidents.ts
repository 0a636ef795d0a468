/**
 * What other modules use of the incidents module: read an incident in the caller's scope and touch
 * it when evidence is attached (inside the caller's transaction). Its repository stays its own (see
 * docs/ARCHITECTURE.md, "Import rules").
 */
export { findIncident, updateIncident } from './incidents.repository';

/**
 * What other modules use of the organizations module: signing up with a new organisation picks a
 * free slug and inserts the organisation (inside the caller's transaction). Its repository stays
 * its own (see docs/ARCHITECTURE.md, "Import rules").
 */
export { insertOrganization, organizationSlugsLike } from './organizations.repository';

/**
 * What a process does (ROLES, any comma list of these; all by default):
 * - `api`: answers HTTP requests (the API and the web app);
 * - `realtime`: serves socket.io (dashboards' live operations and inbox sockets);
 * - `worker`: works notification jobs (and sweeps expired job leases); the leader among the
 *   worker processes also runs the notification scheduler and the demo simulator.
 * Every process listens on PORT (health checks answer on all of them).
 */
export const ROLES = ['api', 'realtime', 'worker'] as const;
export type Role = (typeof ROLES)[number];
export type Roles = ReadonlySet<Role>;

export const ALL_ROLES: Roles = new Set(ROLES);

/** Parses `api,worker`; throws a readable error for unknown or missing roles. */
export function parseRoles(value: string | undefined): Roles {
  if (value === undefined || value.trim() === '') return ALL_ROLES;
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const unknown = parts.filter((part) => !(ROLES as readonly string[]).includes(part));
  if (unknown.length > 0)
    throw new Error(`ROLES: unknown role ${unknown.join(', ')} (use ${ROLES.join(', ')})`);
  if (parts.length === 0) throw new Error(`ROLES: name at least one of ${ROLES.join(', ')}`);
  return new Set(parts as Role[]);
}

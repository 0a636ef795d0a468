import type { TRole } from './enums';

/**
 * Permissions. The access token's `scope` claim is a space-separated list of `resource:letters`
 * entries, e.g. `stations:crud incidents:ru`; each letter expands into its own grant
 * `resource:letter`. Routes declare the grant they need, e.g. `incidents:u`.
 */
export const SCOPE_RESOURCES = [
  'organizations',
  'members',
  'stations',
  'assets',
  'incidents',
  'vehicles',
  'transactions',
  'payments',
  'challans',
  'customers',
  'personnel',
  'loyalty',
  'cards',
  'requests',
  'reviews',
  'files',
  'outbox',
  'platform',
  /** The notification platform: environment keys, workflows, subscribers, topics, triggers (admins only). */
  'notifications',
  /** Station API keys for the ingest API (admins only). */
  'apikeys',
] as const;
export type TScopeResource = (typeof SCOPE_RESOURCES)[number];

/** c = create, r = read, u = update, d = delete. */
export const SCOPE_LETTERS = ['c', 'r', 'u', 'd'] as const;
export type TScopeLetter = (typeof SCOPE_LETTERS)[number];
export type TGrant = `${TScopeResource}:${TScopeLetter}`;

const RESOURCE_SET: ReadonlySet<string> = new Set(SCOPE_RESOURCES);
const LETTER_SET: ReadonlySet<string> = new Set(SCOPE_LETTERS);

/**
 * Expands a scope string into its grants. Unknown resources or letters and malformed entries are
 * dropped (a token can never gain a grant by being odd). Duplicates collapse.
 */
export function expandScope(scope: string | null | undefined): Set<TGrant> {
  const grants = new Set<TGrant>();
  if (!scope) return grants;
  for (const entry of scope.split(/\s+/)) {
    const match = /^([a-z]+):([a-z]+)$/.exec(entry);
    if (!match) continue;
    const [, resource, letters] = match;
    if (!resource || !letters || !RESOURCE_SET.has(resource)) continue;
    for (const letter of letters) if (LETTER_SET.has(letter)) grants.add(`${resource}:${letter}` as TGrant);
  }
  return grants;
}

/** The compact scope string for a set of grants, in a stable order (resources, then c r u d). */
export function compactScope(grants: Iterable<TGrant>): string {
  const byResource = new Map<string, Set<string>>();
  for (const grant of grants) {
    const [resource, letter] = grant.split(':') as [string, string];
    byResource.set(resource, (byResource.get(resource) ?? new Set()).add(letter));
  }
  return SCOPE_RESOURCES.filter((resource) => byResource.has(resource))
    .map((resource) => {
      const letters = SCOPE_LETTERS.filter((letter) => byResource.get(resource)?.has(letter)).join('');
      return `${resource}:${letters}`;
    })
    .join(' ');
}

/**
 * The role → scope matrix (documented in docs/DECISIONS.md). Admins hold every grant; members
 * work the stations they were given: they read the network's data, run incidents and requests,
 * and cannot manage members, cards, settings or the notification platform.
 */
export const ROLE_SCOPES: Record<TRole, string> = {
  admin: SCOPE_RESOURCES.map((resource) => `${resource}:crud`).join(' '),
  member: [
    'organizations:r',
    'stations:r',
    'assets:r',
    'incidents:cru',
    'vehicles:r',
    'transactions:r',
    'payments:r',
    'challans:r',
    'customers:r',
    'personnel:r',
    'loyalty:r',
    'cards:r',
    'requests:cr',
    'reviews:r',
    'files:cr',
  ].join(' '),
};

export function hasGrant(grants: ReadonlySet<string>, grant: TGrant): boolean {
  return grants.has(grant);
}

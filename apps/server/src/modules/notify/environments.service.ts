import { notFound } from '../../lib/app-error';
import { provisionAllDomainWorkflows, provisionDomainWorkflows } from './domain-workflows';
import {
  findEnvironmentOfOrganization,
  insertEnvironment,
  listOrganizationIds,
  replaceSecret,
} from './environments.repository';
import { toHexId } from './ids';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { hashSecretKey, newApplicationIdentifier, newSecretKey, secretKeyHint } from './secrets';
import { ensureDefaultWorkflows } from './workflows.service';

type KeyDeps = Pick<NotifyDeps, 'db' | 'now' | 'keys'>;

async function secretColumns(deps: KeyDeps, secretKey: string) {
  return {
    secretKeyHash: hashSecretKey(secretKey),
    secretKeyCiphertext: await deps.keys.encrypt(secretKey),
    secretKeyHint: secretKeyHint(secretKey),
  };
}

/**
 * The organisation's environment, created on first use with a fresh secret key (not shown: an
 * admin rotates to see one) and the default workflows. Concurrent first uses create one.
 */
export async function ensureEnvironment(deps: KeyDeps, organizationId: number): Promise<EnvironmentRow> {
  const existing = await findEnvironmentOfOrganization(deps.db, organizationId);
  if (existing) return existing;
  const now = deps.now();
  const created = await insertEnvironment(
    deps.db,
    {
      organizationId,
      applicationIdentifier: newApplicationIdentifier(),
      ...(await secretColumns(deps, newSecretKey())),
    },
    now,
  );
  const environment = await findEnvironmentOfOrganization(deps.db, organizationId);
  if (!environment) throw notFound('Organisation');
  if (created) await ensureDefaultWorkflows(deps, environment);
  // The domain event workflows too (a no-op once they were created).
  await provisionDomainWorkflows(deps, environment);
  return (await findEnvironmentOfOrganization(deps.db, organizationId)) ?? environment;
}

/** A new secret key for the environment; the old one stops working at once. Returned only here. */
export async function rotateSecretKey(
  deps: KeyDeps,
  organizationId: number,
): Promise<{ environment: EnvironmentRow; secretKey: string }> {
  const environment = await ensureEnvironment(deps, organizationId);
  const secretKey = newSecretKey();
  await replaceSecret(deps.db, environment.id, await secretColumns(deps, secretKey), deps.now());
  const updated = await findEnvironmentOfOrganization(deps.db, organizationId);
  return { environment: updated ?? environment, secretKey };
}

/**
 * `NOTIFY_SECRET_KEY`: makes `secretKey` the key of the organisation's environment (creating the
 * environment when needed). Nothing changes when it already is.
 */
export async function presetSecretKey(
  deps: KeyDeps,
  organizationId: number,
  secretKey: string,
): Promise<boolean> {
  const environment = await ensureEnvironment(deps, organizationId);
  if (environment.secretKeyHash === hashSecretKey(secretKey)) return false;
  await replaceSecret(deps.db, environment.id, await secretColumns(deps, secretKey), deps.now());
  return true;
}

/** The environment's secret key in clear (for the subscriber HMAC); cached per key hash. */
const clearKeys = new Map<string, string>();
export async function secretKeyOf(
  deps: Pick<NotifyDeps, 'keys'>,
  environment: EnvironmentRow,
): Promise<string> {
  const cached = clearKeys.get(environment.secretKeyHash);
  if (cached !== undefined) return cached;
  const secretKey = await deps.keys.decrypt(environment.secretKeyCiphertext);
  if (clearKeys.size > 1000) clearKeys.clear();
  clearKeys.set(environment.secretKeyHash, secretKey);
  return secretKey;
}

/**
 * Environments for every organisation that has none, and the domain event workflows for every
 * environment that never had them (the demo seed; startup). Idempotent.
 */
export async function ensureEnvironments(deps: KeyDeps): Promise<number> {
  let created = 0;
  for (const organization of await listOrganizationIds(deps.db)) {
    const before = await findEnvironmentOfOrganization(deps.db, organization.id);
    if (before) continue;
    await ensureEnvironment(deps, organization.id);
    created += 1;
  }
  await provisionAllDomainWorkflows(deps);
  return created;
}

/** The environment as admins see it: never the key itself, only its last four characters. */
export function presentEnvironment(environment: EnvironmentRow) {
  return {
    _id: toHexId(environment.id),
    _organizationId: toHexId(environment.organizationId),
    name: environment.name,
    identifier: environment.applicationIdentifier,
    applicationIdentifier: environment.applicationIdentifier,
    secretKeyHint: `…${environment.secretKeyHint}`,
    hmacRequired: environment.hmacRequired === 1,
    createdAt: new Date(environment.createdAt).toISOString(),
    updatedAt: new Date(environment.updatedAt).toISOString(),
    rotatedAt: environment.rotatedAt === null ? null : new Date(environment.rotatedAt).toISOString(),
  };
}

import { randomBytes } from 'node:crypto';
import {
  credentialsSchema,
  findProvider,
  SECRET_MASK,
  type TCredentials,
  type TIntegration,
  type TIntegrationCreate,
  type TIntegrationUpdate,
  type TNotifyChannel,
  type TProvider,
} from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { NotifyIntegrationsTable } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { lastAttempts } from './delivery/attempts.repository';
import { fromHexId, toHexId } from './ids';
import {
  clearPrimary,
  deleteIntegration,
  findIntegrationRow,
  hasPrimary,
  identifierTaken,
  insertIntegration,
  listIntegrationRows,
  updateIntegration,
} from './integrations.repository';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import type { NotifyKeys } from './secrets';

/**
 * Provider integrations of an environment (docs/DECISIONS.md "Integration credentials"):
 * credentials are checked against the provider's fields in the contracts catalogue, stored as one
 * AES-256-GCM encrypted JSON document under the notification key-encryption key (the same
 * `NotifyKeys` that protects environment secret keys), and never answered or logged: answers
 * carry non-secret values and, for secrets, only the mask.
 */

export type IntegrationRow = Selectable<NotifyIntegrationsTable>;
/** An integration with its provider and decrypted credentials (delivery and test sends only). */
export type LiveIntegration = { row: IntegrationRow; provider: TProvider; credentials: TCredentials };

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'keys'> & { log?: NotifyDeps['log'] };

/** Channels where one integration is the primary (the others deliver through every active one). */
const PRIMARY_CHANNELS: readonly TNotifyChannel[] = ['email', 'sms'];

/** Zod issues of a credentials parse as `credentials.<key>` details (unknown keys one by one). */
function credentialIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ path: `credentials.${key}`, message: issue.message }));
    const path = issue.path.length > 0 ? `credentials.${issue.path.join('.')}` : 'credentials';
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    return [{ path, message }];
  });
}

/** The provider's credentials as validated, or 400 VALIDATION_FAILED naming each bad field. */
export function validateCredentials(provider: TProvider, input: unknown): TCredentials {
  const parsed = credentialsSchema(provider).safeParse(input);
  if (parsed.success) return parsed.data;
  const details = credentialIssues(parsed.error);
  const first = details[0];
  throw new AppError(
    'VALIDATION_FAILED',
    first ? `Invalid credentials for ${provider.id}: ${first.path} ${first.message}` : 'Invalid credentials',
    details,
  );
}

function requireProvider(providerId: string, channel: TNotifyChannel): TProvider {
  const provider = findProvider(providerId, channel);
  if (!provider)
    throw new AppError('VALIDATION_FAILED', `No provider ${providerId} for the ${channel} channel`, [
      { path: 'providerId', message: `is not a ${channel} provider` },
    ]);
  return provider;
}

async function encryptCredentials(keys: NotifyKeys, credentials: TCredentials) {
  return {
    credentialsCiphertext: await keys.encrypt(JSON.stringify(credentials)),
    credentialKeys: JSON.stringify(Object.keys(credentials).sort()),
  };
}

async function decryptCredentials(keys: NotifyKeys, row: IntegrationRow): Promise<TCredentials> {
  return JSON.parse(await keys.decrypt(row.credentialsCiphertext)) as TCredentials;
}

/** The answer's view: non-secret values, secrets as the mask, and which keys are set. */
export async function presentIntegration(keys: NotifyKeys, row: IntegrationRow): Promise<TIntegration> {
  const provider = findProvider(row.providerId, row.channel as TNotifyChannel);
  const stored = await decryptCredentials(keys, row);
  const secret = new Set(provider?.fields.filter((f) => f.secret).map((f) => f.key) ?? Object.keys(stored));
  const credentials = Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [key, secret.has(key) ? SECRET_MASK : value]),
  );
  return {
    _id: toHexId(row.id),
    _environmentId: toHexId(row.environmentId),
    _organizationId: toHexId(row.organizationId),
    name: row.name,
    identifier: row.identifier,
    providerId: row.providerId,
    channel: row.channel as TNotifyChannel,
    credentials,
    credentialsSet: JSON.parse(row.credentialKeys) as string[],
    active: row.active === 1,
    primary: row.isPrimary === 1,
    priority: row.priority,
    deleted: false,
    delivers: provider?.delivers ?? false,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function listIntegrations(
  deps: Deps,
  environment: EnvironmentRow,
  filter: { activeOnly?: boolean } = {},
): Promise<TIntegration[]> {
  const rows = await listIntegrationRows(deps.db, environment.id, filter);
  const last = await lastAttempts(
    deps.db,
    environment.id,
    rows.map((row) => row.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const attempt = last.get(row.id);
      return {
        ...(await presentIntegration(deps.keys, row)),
        lastDelivery: attempt
          ? {
              at: new Date(attempt.createdAt).toISOString(),
              success: attempt.outcome === 'sent',
              detail: attempt.detail.slice(0, 300),
              test: attempt.jobId === null,
            }
          : null,
      };
    }),
  );
}

export async function requireIntegration(
  db: Db,
  environment: EnvironmentRow,
  integrationId: string,
): Promise<IntegrationRow> {
  const id = fromHexId(integrationId);
  const row = id === null ? undefined : await findIntegrationRow(db, environment.id, id);
  if (!row) throw notFound('The integration');
  return row;
}

const conflict = (identifier: string) =>
  new AppError('CONFLICT', `An integration with the identifier ${identifier} exists`, [
    { path: 'identifier', message: 'is taken' },
  ]);

export async function createIntegration(
  deps: Deps,
  environment: EnvironmentRow,
  input: TIntegrationCreate,
): Promise<TIntegration> {
  const provider = requireProvider(input.providerId, input.channel);
  const credentials = validateCredentials(provider, input.credentials);
  const identifier = input.identifier ?? `${provider.id}-${randomBytes(3).toString('hex')}`;
  const now = deps.now();
  // Encrypted before the transaction: the key-encryption key is read through deps.db.
  const encrypted = await encryptCredentials(deps.keys, credentials);
  const row = await deps.db.transaction().execute(async (trx) => {
    if (await identifierTaken(trx, environment.id, identifier)) throw conflict(identifier);
    // The first active integration of an email or SMS channel becomes its primary.
    const primary =
      input.active &&
      PRIMARY_CHANNELS.includes(input.channel) &&
      !(await hasPrimary(trx, environment.id, input.channel));
    return insertIntegration(trx, {
      environmentId: environment.id,
      organizationId: environment.organizationId,
      providerId: provider.id,
      channel: input.channel,
      name: input.name ?? provider.displayName,
      identifier,
      ...encrypted,
      active: input.active ? 1 : 0,
      isPrimary: primary ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    });
  });
  deps.log?.info(
    { environmentId: environment.id, integrationId: row.id, providerId: row.providerId },
    'notification integration created',
  );
  return presentIntegration(deps.keys, row);
}

/** The stored credentials with a change merged in: a key replaces, null/'' clears, the mask keeps. */
export function mergeCredentials(stored: TCredentials, change: Record<string, unknown>): TCredentials {
  const merged: TCredentials = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    if (value === SECRET_MASK) continue;
    if (value === null || value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function changeIntegration(
  deps: Deps,
  environment: EnvironmentRow,
  integrationId: string,
  input: TIntegrationUpdate,
): Promise<TIntegration> {
  const row = await requireIntegration(deps.db, environment, integrationId);
  const provider = requireProvider(row.providerId, row.channel as TNotifyChannel);
  const encrypted =
    input.credentials === undefined
      ? {}
      : await encryptCredentials(
          deps.keys,
          validateCredentials(
            provider,
            mergeCredentials(await decryptCredentials(deps.keys, row), input.credentials),
          ),
        );
  if (
    input.identifier !== undefined &&
    (await identifierTaken(deps.db, environment.id, input.identifier, row.id))
  )
    throw conflict(input.identifier);
  const updated = await updateIntegration(deps.db, row.id, {
    ...encrypted,
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.identifier === undefined ? {} : { identifier: input.identifier }),
    ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
    // An inactive integration cannot stay primary.
    ...(input.active === false ? { isPrimary: 0 } : {}),
    updatedAt: deps.now(),
  });
  deps.log?.info(
    {
      environmentId: environment.id,
      integrationId: row.id,
      credentialsChanged: input.credentials !== undefined,
    },
    'notification integration changed',
  );
  return presentIntegration(deps.keys, updated);
}

/** Deletes; answers the environment's remaining integrations (Novu's answer). */
export async function removeIntegration(
  deps: Deps,
  environment: EnvironmentRow,
  integrationId: string,
): Promise<TIntegration[]> {
  const row = await requireIntegration(deps.db, environment, integrationId);
  await deleteIntegration(deps.db, row.id);
  deps.log?.info(
    { environmentId: environment.id, integrationId: row.id },
    'notification integration deleted',
  );
  return listIntegrations(deps, environment);
}

/** Makes an email or SMS integration its channel's primary (and active). */
export async function setPrimaryIntegration(
  deps: Deps,
  environment: EnvironmentRow,
  integrationId: string,
): Promise<TIntegration> {
  const row = await requireIntegration(deps.db, environment, integrationId);
  if (!PRIMARY_CHANNELS.includes(row.channel as TNotifyChannel))
    throw new AppError('BAD_REQUEST', `The ${row.channel} channel has no primary integration`);
  const now = deps.now();
  const updated = await deps.db.transaction().execute(async (trx) => {
    await clearPrimary(trx, environment.id, row.channel, now);
    return updateIntegration(trx, row.id, { isPrimary: 1, active: 1, updatedAt: now });
  });
  return presentIntegration(deps.keys, updated);
}

/** Decrypts a row for sending. */
export async function liveIntegration(
  keys: NotifyKeys,
  row: IntegrationRow,
): Promise<LiveIntegration | null> {
  const provider = findProvider(row.providerId, row.channel as TNotifyChannel);
  if (!provider) return null;
  return { row, provider, credentials: await decryptCredentials(keys, row) };
}

/**
 * The environment's active integrations per channel, decrypted, in delivery order: the primary
 * first, then by priority, newest first.
 */
export async function activeIntegrations(
  deps: Pick<NotifyDeps, 'db' | 'keys'>,
  environmentId: number,
): Promise<Map<TNotifyChannel, LiveIntegration[]>> {
  const byChannel = new Map<TNotifyChannel, LiveIntegration[]>();
  for (const row of await listIntegrationRows(deps.db, environmentId, { activeOnly: true })) {
    const live = await liveIntegration(deps.keys, row);
    if (!live) continue;
    const list = byChannel.get(live.provider.channel) ?? [];
    list.push(live);
    byChannel.set(live.provider.channel, list);
  }
  return byChannel;
}

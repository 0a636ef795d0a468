import { createHash, randomBytes } from 'node:crypto';
import type { TApiKey, TApiKeyCreated, TStationApiKeys } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import { stationScope } from '../../lib/scope/scope';
import { recordAuditEvent } from '../audit/audit';
import {
  findApiKey,
  findApiKeyByHash,
  insertApiKey,
  type ListedApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
} from './api-keys.repository';

/**
 * Station API keys. A key is `fcs_` + 256 random bits (base64url). The secret is returned once,
 * when the key is made; the database keeps its SHA-256 (a fast hash is enough for a secret that
 * cannot be guessed, and it lets every ingest request find its key with one index probe) and its
 * first 12 characters, to tell keys apart in the list.
 */
const KEY_PREFIX = 'fcs_';
const SHOWN_CHARACTERS = 12;
/** `last_used_at` is written at most this often per key (ingest may call many times a second). */
const TOUCH_EVERY_MS = 60_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

function present(row: ListedApiKey): TApiKey {
  return {
    id: row.id,
    stationId: row.stationId,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.createdAt).toISOString(),
    createdByUserId: row.createdBy,
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

export async function createStationApiKey(
  db: Db,
  caller: Caller,
  slug: string,
  name: string,
  now: number,
): Promise<TApiKeyCreated> {
  const { station } = await stationScope(db, caller, slug);
  const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(db, {
    organizationId: station.organizationId,
    stationId: station.id,
    name,
    prefix: secret.slice(0, SHOWN_CHARACTERS),
    secretHash: hashApiKey(secret),
    createdAt: now,
    createdBy: caller.userId,
  });
  await recordAuditEvent(db, {
    organizationId: station.organizationId,
    actorUserId: caller.userId,
    action: 'api_key.created',
    target: `station_api_key:${row.id}`,
    data: { stationId: station.id, name, prefix: row.prefix },
    at: now,
  });
  return { ...present(row), secret };
}

export async function getStationApiKeys(db: Db, caller: Caller, slug: string): Promise<TStationApiKeys> {
  const { station } = await stationScope(db, caller, slug);
  return { results: (await listApiKeys(db, station.id)).map(present) };
}

/** Revokes a key of the station (already revoked: nothing to do); another station's key is a 404. */
export async function revokeStationApiKey(
  db: Db,
  caller: Caller,
  slug: string,
  id: number,
  now: number,
): Promise<void> {
  const { station } = await stationScope(db, caller, slug);
  const key = await findApiKey(db, station.id, id);
  if (!key) throw notFound('API key');
  if (!(await revokeApiKey(db, key.id, now))) return;
  await recordAuditEvent(db, {
    organizationId: station.organizationId,
    actorUserId: caller.userId,
    action: 'api_key.revoked',
    target: `station_api_key:${key.id}`,
    data: { stationId: station.id, name: key.name, prefix: key.prefix },
    at: now,
  });
}

/** The station an ingest request writes for, as its API key says. */
export type KeyStation = { keyId: number; stationId: number; organizationId: number };

/**
 * The secret of an ingest request: `Authorization: ApiKey <secret>` (scheme in any case) or
 * `X-Api-Key: <secret>`; undefined when neither is there.
 */
export function apiKeyFromHeaders(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const authorization = headers.authorization;
  if (typeof authorization !== 'string') return undefined;
  const match = /^apikey\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

/**
 * Resolves a secret to its station: 401 UNAUTHENTICATED without one, 401 INVALID_API_KEY for an
 * unknown or revoked key. Notes when the key was last used (at most once a minute).
 */
export async function authenticateApiKey(
  db: Db,
  secret: string | undefined,
  now: number,
): Promise<KeyStation> {
  if (!secret) {
    throw new AppError(
      'UNAUTHENTICATED',
      'Send the station API key as "Authorization: ApiKey <key>" or "X-Api-Key: <key>"',
    );
  }
  const key = secret.startsWith(KEY_PREFIX) ? await findApiKeyByHash(db, hashApiKey(secret)) : undefined;
  if (!key || key.revokedAt !== null) {
    throw new AppError('INVALID_API_KEY', 'The API key is unknown or has been revoked');
  }
  if (key.lastUsedAt === null || now - key.lastUsedAt >= TOUCH_EVERY_MS) await touchApiKey(db, key.id, now);
  return { keyId: key.id, stationId: key.stationId, organizationId: key.organizationId };
}

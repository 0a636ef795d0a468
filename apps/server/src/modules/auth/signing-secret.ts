import type { CryptoKey } from 'jose';
import { loadOrCreateAppSecret } from '../../db/app-secrets.repository';
import type { Db } from '../../db/database';

const SECRET_NAME = 'access_token_hs256';
/** HS256 keys shorter than the hash output weaken it (RFC 7518 §3.2). */
export const MIN_SECRET_BYTES = 32;

/** `AUTH_SECRET` as key bytes; throws when it is too short to be a safe HS256 key. */
export function secretFromEnvironment(secret: string): Uint8Array {
  const bytes = new TextEncoder().encode(secret);
  if (bytes.byteLength < MIN_SECRET_BYTES) {
    throw new Error(`AUTH_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
  return bytes;
}

/**
 * The signing key kept in the database: generated once (256 random bits) by whichever process
 * gets there first, then read by every process, so processes sharing PostgreSQL agree. The value
 * is never logged or returned by any route.
 */
export async function loadOrCreateDatabaseSecret(db: Db, now: number): Promise<Uint8Array> {
  return new Uint8Array(await loadOrCreateAppSecret(db, SECRET_NAME, now));
}

/**
 * The key bytes as a non-extractable WebCrypto HMAC key, imported once: signing and verifying
 * with it skips the per-call import that raw bytes cost (~35 µs each).
 */
export function importSigningKey(bytes: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

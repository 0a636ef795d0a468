import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { loadOrCreateAppSecret } from '../../db/app-secrets.repository';
import type { Db } from '../../db/database';

/**
 * Notification environment secrets (docs/DECISIONS.md "Notification keys"):
 * - the secret key is 256 random bits (hex); requests find their environment by its SHA-256;
 * - the subscriber HMAC needs the key itself, so it is also stored AES-256-GCM encrypted under a
 *   key-encryption key generated once per database (`app_secrets`), never logged or returned
 *   except once when it is created or rotated;
 * - widget session tokens are signed with their own HS256 key, also generated once.
 */

const KEK_NAME = 'notify_key_encryption';
const WIDGET_KEY_NAME = 'notify_widget_hs256';

export const newSecretKey = () => randomBytes(32).toString('hex');
/** The public application identifier: 12 URL-safe characters. */
export const newApplicationIdentifier = () => randomBytes(9).toString('base64url');

export const hashSecretKey = (secretKey: string) =>
  createHash('sha256').update(secretKey, 'utf8').digest('hex');
export const secretKeyHint = (secretKey: string) => secretKey.slice(-4);

/** HMAC-SHA256 of the subscriber id under the secret key, lower-case hex (the inbox's subscriber hash). */
export function subscriberHash(secretKey: string, subscriberId: string): string {
  return createHmac('sha256', secretKey).update(subscriberId, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented hash with the expected one. */
export function sameHash(presented: string, expected: string): boolean {
  const a = Buffer.from(presented.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type NotifyKeys = {
  encrypt(secretKey: string): Promise<string>;
  decrypt(ciphertext: string): Promise<string>;
  widgetSigningKey(): Promise<Uint8Array>;
};

/** The per-database keys, loaded (or generated) on first use and kept for the process. */
export function notifyKeys(db: Db, now: () => number): NotifyKeys {
  let kek: Promise<Buffer> | undefined;
  let widget: Promise<Uint8Array> | undefined;
  const keyEncryptionKey = () => {
    kek ??= loadOrCreateAppSecret(db, KEK_NAME, now()).catch((error: unknown) => {
      kek = undefined;
      throw error;
    });
    return kek;
  };
  return {
    async encrypt(secretKey) {
      const key = await keyEncryptionKey();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secretKey, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    async decrypt(ciphertext) {
      const [version, iv, tag, body] = ciphertext.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('unreadable notification key');
      const decipher = createDecipheriv(
        'aes-256-gcm',
        await keyEncryptionKey(),
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    widgetSigningKey() {
      widget ??= loadOrCreateAppSecret(db, WIDGET_KEY_NAME, now())
        .then((bytes) => new Uint8Array(bytes))
        .catch((error: unknown) => {
          widget = undefined;
          throw error;
        });
      return widget;
    },
  };
}

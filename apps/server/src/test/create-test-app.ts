import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import type { MailSettings } from '../modules/accounts/register';
import type { AuthOptions } from '../modules/auth/auth-context';
import type { OAuthSettings } from '../modules/auth/oauth.settings';
import type { NotifyOptions } from '../notify-platform';
import { createTestDatabase } from './test-database';

/** A clock the test moves by hand; the app reads it for every session decision. */
export type TestClock = { now(): number; advance(ms: number): void };

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: TestClock;
  /** The HS256 key the app signs access tokens with, so tests can craft tokens. */
  authSecret: string;
  close(): Promise<void>;
};

/**
 * The real application over a real, migrated database (SQLite, or PostgreSQL under
 * `npm run test:postgres`). Requests go through `app.inject` — the whole HTTP stack, no socket.
 * Sign in with the factories (`createSignedInUser`) or through `POST /api/auth/login`.
 */
export async function createTestApp(
  options: {
    webDist?: string;
    auth?: Omit<AuthOptions, 'now'>;
    startAt?: number;
    oauth?: OAuthSettings;
    mail?: MailSettings;
    /** Notification options (e.g. `delivery` to allow loopback fakes and set vendor origins). */
    notify?: NotifyOptions;
    /** FILES_HOST: where `{address}` links point (default: the host of the default APP_URL). */
    filesHost?: string;
    /** A database prepared by the test (e.g. migrated only part way); disposed on close. */
    database?: DatabaseHandle & { dispose(): Promise<void> };
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  let now = options.startAt ?? Math.floor(Date.now() / 1000) * 1000;
  const clock: TestClock = {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
  const authSecret = options.auth?.secret ?? randomBytes(32).toString('base64url');
  const app = await createApp({
    database,
    webDist: options.webDist ?? mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
    auth: { ...options.auth, secret: authSecret, now: clock.now },
    ...(options.oauth ? { oauth: options.oauth } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
    ...(options.filesHost ? { filesHost: options.filesHost } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    authSecret,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

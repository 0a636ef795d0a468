import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { OAuthSettings } from './modules/auth/oauth.settings';
import { type NotifyFeatures, parseNotifyFeatures } from './modules/notify/notify-features';

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  /** Seed the demo data set when the database is empty (default on). */
  SEED_DEMO: z.enum(['true', 'false', '1', '0']).default('true'),
  /** Folder of the built web app; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: mail goes to the embedded outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Public address of the web app; links in mails point here. */
  APP_URL: z.url().default('http://localhost:8080'),
  MAIL_FROM: z.string().min(3).default('Forecourt <no-reply@forecourt.local>'),
  /** HS256 key for access tokens (≥ 32 bytes); unset: generated once and kept in the database. */
  AUTH_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, 'must be at least 32 bytes')
    .optional(),
  /** `true` or a comma list of proxy addresses/CIDRs whose X-Forwarded-For gives the client IP. */
  TRUST_PROXY: z.string().optional(),
  /** The live demo simulator; default on only for the embedded SQLite demo (SQLite + SEED_DEMO). */
  SIMULATOR: z.enum(['on', 'off', 'true', 'false', '1', '0']).optional(),
  /** Presets the demo organisation's notification secret key (32–200 printable characters); unset: generated. */
  NOTIFY_SECRET_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/, 'must be 32 to 200 printable characters without spaces')
    .optional(),
  /** `redis://…` or `rediss://…`: notification jobs go through BullMQ on this Redis; unset: in process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Notification platform features that are on (comma list); unset: all. */
  NOTIFY_FEATURES: z.string().optional(),
  /** Sign in with Google (OpenID Connect): both id and secret, or neither. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID issuer for Google sign-in (discovery at `/.well-known/openid-configuration`). */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Sign in with GitHub (OAuth 2.0): both id and secret, or neither. */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where GitHub's authorize and token endpoints live (`/login/oauth/…`). */
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  /** GitHub's REST API (`/user`, `/user/emails`). */
  GITHUB_API_URL: z.url().default('https://api.github.com'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  isProduction: boolean;
  seedDemo: boolean;
  webDist: string;
  mail: { smtpUrl: string | null; appUrl: string; from: string };
  authSecret: string | undefined;
  trustProxy: boolean | string[] | undefined;
  /** Run the live demo simulator (posts demo data through the ingest service every few seconds). */
  simulator: boolean;
  /** Notification platform: the demo organisation's preset secret key; inbox URLs derive from publicUrl. */
  notify: {
    secretKey: string | undefined;
    publicUrl: string;
    redisUrl: string | undefined;
    features: NotifyFeatures;
  };
  /** Sign in with Google / GitHub: a provider is present only when its client id and secret are set. */
  oauth: OAuthSettings;
};

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return undefined;
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim());
}

/** Where relative paths are anchored: the directory npm was invoked from, else the process cwd. */
export function baseDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD || process.cwd();
}

/** Reads the configuration from the environment; throws a readable error for bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const base = baseDirectory(env);
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(base, e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? join(dataDir, 'forecourt.db');
  const dialect = /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
  const seedDemo = e.SEED_DEMO === 'true' || e.SEED_DEMO === '1';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    dialect,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
    seedDemo,
    webDist: e.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist'),
    mail: { smtpUrl: e.SMTP_URL ?? null, appUrl: e.APP_URL.replace(/\/+$/, ''), from: e.MAIL_FROM },
    authSecret: e.AUTH_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    simulator:
      e.SIMULATOR === undefined
        ? dialect === 'sqlite' && seedDemo
        : ['on', 'true', '1'].includes(e.SIMULATOR),
    notify: {
      secretKey: e.NOTIFY_SECRET_KEY,
      publicUrl: e.APP_URL.replace(/\/+$/, ''),
      redisUrl: e.REDIS_URL,
      features: parseNotifyFeatures(e.NOTIFY_FEATURES),
    },
    oauth: oauthSettings(e),
  };
}

function pair(id: string | undefined, secret: string | undefined, name: string) {
  if ((id === undefined) !== (secret === undefined)) {
    throw new Error(`Invalid configuration:\n  ${name}_CLIENT_ID and ${name}_CLIENT_SECRET go together`);
  }
  return id !== undefined && secret !== undefined ? { clientId: id, clientSecret: secret } : null;
}

function oauthSettings(e: z.infer<typeof ZEnv>): OAuthSettings {
  const google = pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, 'GOOGLE');
  const github = pair(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET, 'GITHUB');
  return {
    google: google && { ...google, issuer: e.GOOGLE_ISSUER },
    github: github && { ...github, oauthUrl: e.GITHUB_OAUTH_URL, apiUrl: e.GITHUB_API_URL },
  };
}

/** The database URL with any password masked, safe to log. */
export function describeDatabase(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

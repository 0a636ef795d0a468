import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { parseRoles, type Roles } from './cluster/roles';
import type { OAuthSettings } from './modules/auth/oauth.settings';
import { parseNetworkPolicy } from './modules/notify/delivery/network';
import { type DeliveryOptions, parseJsonMap } from './modules/notify/delivery/options';
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
  /** The longest snooze an inbox user may choose, in hours (default 720: 30 days). */
  INBOX_MAX_SNOOZE_HOURS: z.coerce.number().int().min(1).max(8760).optional(),
  /** `redis://…` or `rediss://…`: notification jobs go through BullMQ on this Redis; unset: in process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** What this process does: a comma list of api, realtime, worker (default all three). */
  ROLES: z.string().optional(),
  /** PostgreSQL: connections in this process's pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(10),
  /** PostgreSQL: longest a statement may run (ms; 0 = no limit), migrations and seeding excepted. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long a worker's lease on the notification jobs it delivers lasts before another may take them. */
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  /** SIGTERM: longest wait for requests in progress before closing. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
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
  /** Outbound notification requests to non-public addresses: `true`, or a comma list of CIDR ranges. */
  NOTIFY_ALLOW_PRIVATE_NETWORKS: z.string().optional(),
  /** JSON object: provider id → vendor origin replacing the documented one (a proxy, a sandbox). */
  NOTIFY_PROVIDER_ORIGINS: z.string().optional(),
  /** Delivery attempts per job, the first included (1 = no retry). */
  NOTIFY_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).optional(),
  /** First retry back-off in milliseconds (doubled per attempt, with jitter). */
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  /** Sends to one provider at the same time: a number, or a JSON object of provider id → number. */
  NOTIFY_PROVIDER_CONCURRENCY: z.string().optional(),
});

/** The delivery options from the environment (throws a readable error for bad values). */
function deliveryOptions(e: z.infer<typeof ZEnv>): DeliveryOptions {
  const options: DeliveryOptions = { network: parseNetworkPolicy(e.NOTIFY_ALLOW_PRIVATE_NETWORKS) };
  const origins = parseJsonMap<string>('NOTIFY_PROVIDER_ORIGINS', e.NOTIFY_PROVIDER_ORIGINS, 'string');
  if (origins) options.origins = origins;
  if (e.NOTIFY_DELIVERY_ATTEMPTS !== undefined || e.NOTIFY_RETRY_BASE_MS !== undefined)
    options.retry = {
      ...(e.NOTIFY_DELIVERY_ATTEMPTS === undefined ? {} : { attempts: e.NOTIFY_DELIVERY_ATTEMPTS }),
      ...(e.NOTIFY_RETRY_BASE_MS === undefined ? {} : { baseMs: e.NOTIFY_RETRY_BASE_MS }),
    };
  const concurrency = e.NOTIFY_PROVIDER_CONCURRENCY?.trim();
  if (concurrency && /^\d+$/.test(concurrency)) options.concurrency = Math.max(1, Number(concurrency));
  else if (concurrency)
    options.providerConcurrency = parseJsonMap<number>('NOTIFY_PROVIDER_CONCURRENCY', concurrency, 'number');
  return options;
}

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
    leaseMs: number;
    delivery: DeliveryOptions;
    features: NotifyFeatures;
    maxSnoozeHours?: number | undefined;
  };
  roles: Roles;
  database: { poolSize: number; statementTimeoutMs: number };
  shutdownDrainMs: number;
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
  let roles: Roles;
  try {
    roles = parseRoles(e.ROLES);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  ${(error as Error).message}`);
  }
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
      leaseMs: e.JOB_LEASE_MS,
      delivery: deliveryOptions(e),
      features: parseNotifyFeatures(e.NOTIFY_FEATURES),
      maxSnoozeHours: e.INBOX_MAX_SNOOZE_HOURS,
    },
    roles,
    database: { poolSize: e.DATABASE_POOL_SIZE, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
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

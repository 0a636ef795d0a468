import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

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
    maxSnoozeHours?: number | undefined;
  };
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
      maxSnoozeHours: e.INBOX_MAX_SNOOZE_HOURS,
    },
  };
}

/** The database URL with any password masked, safe to log. */
export function describeDatabase(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

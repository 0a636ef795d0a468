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
};

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    dialect: /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite',
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
    seedDemo: e.SEED_DEMO === 'true' || e.SEED_DEMO === '1',
    webDist: e.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** The database URL with any password masked, safe to log. */
export function describeDatabase(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

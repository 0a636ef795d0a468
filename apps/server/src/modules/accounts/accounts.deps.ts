import type { Db } from '../../db/database';
import type { DomainEventBus } from '../../lib/domain-events';
import { MemoryRateStore, type RateStore } from '../auth/rate-store';
import type { Mailer } from '../mail/mailer';
import type { BackgroundTasks } from './background-tasks';
import { type RateLimit, RateLimiter } from './rate-limiter';

const HOUR = 3_600_000;

/** Attempts allowed per window. Per-email limits count every attempt, known address or not. */
export const ACCOUNT_RATE_LIMITS = {
  signupPerIp: { limit: 20, windowMs: HOUR },
  signupPerEmail: { limit: 5, windowMs: HOUR },
  resetPerIp: { limit: 20, windowMs: HOUR },
  /** Reset mails per account (requests past it answer 202 and mail nothing). */
  resetPerEmail: { limit: 5, windowMs: HOUR },
  /** Reset mails per account asked from one of its known devices (not shared with strangers). */
  resetPerDevice: { limit: 5, windowMs: HOUR },
  verificationPerUser: { limit: 5, windowMs: HOUR },
} satisfies Record<string, RateLimit>;

export type AccountLimiters = { [K in keyof typeof ACCOUNT_RATE_LIMITS]: RateLimiter };

export function createAccountLimiters(
  clock: () => number,
  limits: Partial<Record<keyof typeof ACCOUNT_RATE_LIMITS, RateLimit>> = {},
  store: RateStore = new MemoryRateStore(),
): AccountLimiters {
  const make = (name: keyof typeof ACCOUNT_RATE_LIMITS) =>
    new RateLimiter(name, limits[name] ?? ACCOUNT_RATE_LIMITS[name], store, clock);
  return {
    signupPerIp: make('signupPerIp'),
    signupPerEmail: make('signupPerEmail'),
    resetPerIp: make('resetPerIp'),
    resetPerEmail: make('resetPerEmail'),
    resetPerDevice: make('resetPerDevice'),
    verificationPerUser: make('verificationPerUser'),
  };
}

/** What the account and member services need: the database, mail, the clock and limits. */
export type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  tasks: BackgroundTasks;
  clock: () => number;
  /** The web app's public address, without a trailing slash. */
  appUrl: string;
  limiters: AccountLimiters;
  /** Where `organization.created` is announced (the notification platform provisions it). */
  events?: DomainEventBus;
};

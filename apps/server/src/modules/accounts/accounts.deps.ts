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

/** A membership as the account flows read it. */
export type MembershipOfUser = { id: number; status: string; disabledAt: number | null };

/**
 * The memberships the account flows read and write (an organisation's first admin at signup, an
 * invitation accepted). The members module implements it (`members/memberships.ts`) and app.ts
 * passes it in, so accounts does not import members.
 */
export type MembershipsPort = {
  findMemberByUser(db: Db, organizationId: number, userId: number): Promise<MembershipOfUser | undefined>;
  activateMembership(db: Db, id: number, now: number): Promise<boolean>;
  insertMembership(
    db: Db,
    input: {
      organizationId: number;
      userId: number;
      role: string;
      scope: string | null;
      stationIds: 'all' | number[];
      status: string;
    },
    now: number,
  ): Promise<number>;
};

/** What the account and member services need: the database, mail, the clock, limits and memberships. */
export type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  tasks: BackgroundTasks;
  clock: () => number;
  /** The web app's public address, without a trailing slash. */
  appUrl: string;
  limiters: AccountLimiters;
  memberships: MembershipsPort;
  /** Where `organization.created` is announced (the notification platform provisions it). */
  events?: DomainEventBus;
};

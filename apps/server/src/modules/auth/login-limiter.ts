import { isIPv6 } from 'node:net';
import type { RateStore } from './rate-store';
import { TIME } from './session-policy';

/**
 * Login throttling (docs/DECISIONS.md, "Login rate limits"). Four budgets, checked before any
 * password is hashed:
 * - per IP, all attempts: a cap on argon2 work one address can cause;
 * - per IP, failures: credential stuffing across many accounts from one address;
 * - per (account, IP), failures: a few free tries, then an exponentially growing wait;
 * - per account, failures from IPs and devices that never signed in to it: many addresses guessing
 *   one password. Addresses where the account signed in before, and browsers that did (the
 *   known-device cookie, known-device.ts), are exempt, so an attack from elsewhere cannot lock the
 *   real user out, not even on a new network.
 * Accounts are keyed by the submitted email whether or not it exists, so limits reveal nothing.
 */
export type LoginLimits = {
  ipAttempts: { max: number; windowMs: number };
  ipFailures: { max: number; windowMs: number };
  pairFailures: { max: number; windowMs: number; backoffBaseMs: number; backoffMaxMs: number };
  accountFailures: { max: number; windowMs: number };
  /** How long a successful (account, IP) pair stays known. */
  knownPairMs: number;
};

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  ipAttempts: { max: 300, windowMs: 5 * TIME.MINUTE },
  ipFailures: { max: 30, windowMs: 5 * TIME.MINUTE },
  pairFailures: { max: 5, windowMs: 15 * TIME.MINUTE, backoffBaseMs: 30_000, backoffMaxMs: 15 * TIME.MINUTE },
  accountFailures: { max: 10, windowMs: 15 * TIME.MINUTE },
  knownPairMs: 30 * TIME.DAY,
};

/** A whole IPv6 /64 is one subscriber, so it counts as one address. */
export function addressKey(ip: string): string {
  const plain = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export class LoginLimiter {
  readonly #store: RateStore;
  readonly #limits: LoginLimits;

  constructor(store: RateStore, limits: LoginLimits) {
    this.#store = store;
    this.#limits = limits;
  }

  /**
   * Counts the attempt; returns the seconds to wait when it must not be evaluated, else null.
   * `device` is the request's known-device cookie, if any.
   */
  async admit(email: string, ip: string, now: number, device?: string): Promise<number | null> {
    const l = this.#limits;
    const address = addressKey(ip);
    const waits: number[] = [];
    const attempts = await this.#store.hit(`ip:${address}`, l.ipAttempts.windowMs, now);
    if (attempts.count > l.ipAttempts.max) waits.push(attempts.firstAt + l.ipAttempts.windowMs - now);
    const ipFailures = await this.#store.peek(`ipf:${address}`, l.ipFailures.windowMs, now);
    if (ipFailures && ipFailures.count >= l.ipFailures.max) {
      waits.push(ipFailures.firstAt + l.ipFailures.windowMs - now);
    }
    const pair = await this.#store.peek(`pair:${email}|${address}`, l.pairFailures.windowMs, now);
    if (pair && pair.count >= l.pairFailures.max) {
      const steps = pair.count - l.pairFailures.max;
      const backoff = Math.min(l.pairFailures.backoffBaseMs * 2 ** steps, l.pairFailures.backoffMaxMs);
      if (now < pair.lastAt + backoff) waits.push(pair.lastAt + backoff - now);
    }
    if (!(await this.#isKnown(email, address, now, device))) {
      const account = await this.#store.peek(`acct:${email}`, l.accountFailures.windowMs, now);
      if (account && account.count >= l.accountFailures.max) {
        waits.push(account.firstAt + l.accountFailures.windowMs - now);
      }
    }
    if (waits.length === 0) return null;
    return Math.max(1, Math.ceil(Math.max(...waits) / 1000));
  }

  async recordFailure(email: string, ip: string, now: number, device?: string): Promise<void> {
    const l = this.#limits;
    const address = addressKey(ip);
    await this.#store.hit(`ipf:${address}`, l.ipFailures.windowMs, now);
    await this.#store.hit(`pair:${email}|${address}`, l.pairFailures.windowMs, now);
    if (!(await this.#isKnown(email, address, now, device))) {
      await this.#store.hit(`acct:${email}`, l.accountFailures.windowMs, now);
    }
  }

  /** Remembers the address and, when given, the device as ones the account signed in from. */
  async recordSuccess(email: string, ip: string, now: number, device?: string): Promise<void> {
    const address = addressKey(ip);
    await this.#store.clear(`pair:${email}|${address}`);
    await this.#store.mark(`known:${email}|${address}`, this.#limits.knownPairMs, now);
    if (device !== undefined) {
      await this.#store.mark(`known:${email}|device:${device}`, this.#limits.knownPairMs, now);
    }
  }

  /** Whether the account signed in from this browser (its known-device cookie) within the time. */
  isKnownDevice(email: string, device: string | undefined, now: number): Promise<boolean> {
    if (device === undefined) return Promise.resolve(false);
    return this.#store.isMarked(`known:${email}|device:${device}`, now);
  }

  async #isKnown(email: string, address: string, now: number, device?: string): Promise<boolean> {
    if (await this.isKnownDevice(email, device, now)) return true;
    return this.#store.isMarked(`known:${email}|${address}`, now);
  }
}

import type { NetworkPolicy } from './network';
import type { EmailSender, PushSender, SmsSender } from './vendor';

/**
 * How the delivery pipeline behaves; every field optional (defaults below). The server builds it
 * from the environment (config.ts: NOTIFY_ALLOW_PRIVATE_NETWORKS, NOTIFY_PROVIDER_ORIGINS,
 * NOTIFY_DELIVERY_ATTEMPTS, NOTIFY_RETRY_BASE_MS, NOTIFY_PROVIDER_CONCURRENCY); tests set it
 * directly.
 */
export type DeliveryOptions = {
  /** Per-request timeout towards a provider. */
  timeoutMs?: number;
  /** Which addresses outbound requests may reach (default: public addresses only). */
  network?: NetworkPolicy;
  /** A vendor origin per provider id, replacing the vendor's documented one (tests, proxies). */
  origins?: Record<string, string>;
  retry?: {
    /** Attempts of one job in total, the first included (default 4; 1 = never retry). */
    attempts?: number;
    /** First back-off (default 2 s), doubled each attempt, with jitter. */
    baseMs?: number;
    /** Longest back-off, and the longest Retry-After honoured (default 10 min). */
    maxMs?: number;
  };
  /** Sends to one provider at the same time (default 8), and per provider id. */
  concurrency?: number;
  providerConcurrency?: Record<string, number>;
  /** Extra adapters by provider id, consulted before the registries (tests, benchmarks). */
  senders?: {
    email?: Record<string, EmailSender>;
    sms?: Record<string, SmsSender>;
    push?: Record<string, PushSender>;
  };
  /** Random source of the jitter (tests make it fixed). */
  random?: () => number;
  /**
   * Test hook: runs after every send of a batch was recorded and before the batch settles; a
   * throw leaves the jobs `running`, as a worker killed at that moment would.
   */
  beforeSettle?: (jobIds: readonly number[]) => void | Promise<void>;
};

export const DEFAULT_ATTEMPTS = 4;
export const DEFAULT_RETRY_BASE_MS = 2_000;
export const DEFAULT_RETRY_MAX_MS = 10 * 60_000;
export const DEFAULT_CONCURRENCY = 8;

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed transiently: exponential
 * (base · 2^(attempt-1)) with "equal jitter" (half fixed, half random), never less than the
 * vendor's Retry-After, capped at maxMs.
 */
export function backoffMs(options: DeliveryOptions, attempt: number, retryAfterMs?: number): number {
  const base = options.retry?.baseMs ?? DEFAULT_RETRY_BASE_MS;
  const max = options.retry?.maxMs ?? DEFAULT_RETRY_MAX_MS;
  const exponential = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  const random = (options.random ?? Math.random)();
  const jittered = Math.round(exponential / 2 + (exponential / 2) * random);
  return Math.min(max, Math.max(jittered, retryAfterMs ?? 0));
}

export const maxAttempts = (options: DeliveryOptions) =>
  Math.max(1, Math.floor(options.retry?.attempts ?? DEFAULT_ATTEMPTS));

/** Parses the JSON of NOTIFY_PROVIDER_ORIGINS / NOTIFY_PROVIDER_CONCURRENCY (an object). */
export function parseJsonMap<T extends string | number>(
  name: string,
  value: string | undefined,
  type: 'string' | 'number',
): Record<string, T> | undefined {
  if (!value || value.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`${name} must be a JSON object`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${name} must be a JSON object`);
  for (const [key, entry] of Object.entries(parsed)) {
    if (typeof entry !== type) throw new Error(`${name}: ${key} must be a ${type}`);
    if (type === 'string' && !/^https?:\/\/[^/]+$/.test((entry as string).replace(/\/+$/, '')))
      throw new Error(`${name}: ${key} must be an origin such as https://host:port`);
  }
  return parsed as Record<string, T>;
}

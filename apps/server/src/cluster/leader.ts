import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * One leader among the processes that share a Redis: whoever holds the key `<prefix>:leader`
 * (`SET NX PX`, renewed by its owner every third of the lease, taken over by another process
 * once it lapses). The leader runs what must run in exactly one place — the notification
 * scheduler and the live demo simulator. Without Redis there is one process, and it leads.
 */
export interface Leadership {
  /** Whether this process leads now. */
  readonly leading: boolean;
  /** Calls `gained` when this process becomes leader and `lost` when it stops leading. */
  start(callbacks: { gained(): void; lost(): void }): Promise<void>;
  /** Stops campaigning and gives the lead up at once (another process takes it without waiting). */
  close(): Promise<void>;
}

/** The single process: leads from `start` to `close`. */
export function soleLeadership(): Leadership {
  let leading = false;
  let lost: (() => void) | null = null;
  return {
    get leading() {
      return leading;
    },
    async start(callbacks) {
      leading = true;
      lost = callbacks.lost;
      callbacks.gained();
    },
    async close() {
      if (leading) lost?.();
      leading = false;
    },
  };
}

// Renews only while the key still names this process; deletes only this process's key.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RESIGN = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export function redisLeadership(
  url: string,
  log: FastifyBaseLogger,
  options: { prefix?: string | undefined; leaseMs?: number } = {},
): Leadership {
  const key = `${options.prefix ?? 'forecourt'}:leader`;
  const leaseMs = options.leaseMs ?? 10_000;
  const me = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => log.warn({ err: error }, 'leader election: redis connection error'));
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  let callbacks: { gained(): void; lost(): void } | null = null;
  let campaigning: Promise<void> = Promise.resolve();

  const campaign = async () => {
    try {
      const holds = leading
        ? Number(await redis.eval(RENEW, 1, key, me, String(leaseMs))) === 1
        : (await redis.set(key, me, 'PX', leaseMs, 'NX')) === 'OK';
      if (holds && !leading) {
        leading = true;
        log.info('this process leads: notification scheduler and simulator run here');
        callbacks?.gained();
      } else if (!holds && leading) {
        leading = false;
        log.warn('this process no longer leads');
        callbacks?.lost();
      }
    } catch (error) {
      // Unsure whether the key is still ours: stop leading rather than risk two leaders.
      if (leading) {
        leading = false;
        callbacks?.lost();
      }
      log.warn({ err: error }, 'leader election failed');
    }
  };

  return {
    get leading() {
      return leading;
    },
    async start(next) {
      callbacks = next;
      await redis.connect();
      campaigning = campaign();
      await campaigning;
      timer = setInterval(
        () => {
          campaigning = campaigning.then(campaign);
        },
        Math.max(100, Math.floor(leaseMs / 3)),
      );
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await campaigning;
      if (leading) {
        leading = false;
        callbacks?.lost();
        await redis.eval(RESIGN, 1, key, me).catch(() => undefined);
      }
      if (redis.status === 'wait') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    },
  };
}

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { ioredis } from '../lib/redis-packages';

/**
 * One leader among the processes that share a Redis: whoever holds the key `<prefix>:leader`
 * (`SET NX PX`, renewed by its owner every third of the lease, taken over by another process
 * once it lapses). The leader runs what must run in exactly one place — the notification
 * scheduler and the live demo simulator. Without Redis there is one process, and it leads.
 */
type Listener = { gained(): void; lost(): void };

export interface Leadership {
  /** Whether this process leads now. */
  readonly leading: boolean;
  /**
   * Calls `gained` when this process becomes leader (at once if it leads already) and `lost` when
   * it stops leading. Returns the remover.
   */
  follow(listener: Listener): () => void;
  /** Starts campaigning (the sole process leads at once). */
  start(): Promise<void>;
  /** Stops campaigning and gives the lead up at once (another process takes it without waiting). */
  close(): Promise<void>;
}

/** Listeners and the leading flag shared by both kinds of leadership. */
function leaderState() {
  const listeners = new Set<Listener>();
  let leading = false;
  return {
    get leading() {
      return leading;
    },
    set(next: boolean) {
      if (next === leading) return;
      leading = next;
      for (const listener of [...listeners]) (next ? listener.gained : listener.lost).call(listener);
    },
    follow(listener: Listener) {
      listeners.add(listener);
      if (leading) listener.gained();
      return () => void listeners.delete(listener);
    },
  };
}

/** The single process: leads from `start` to `close`. */
export function soleLeadership(): Leadership {
  const state = leaderState();
  return {
    get leading() {
      return state.leading;
    },
    follow: state.follow,
    async start() {
      state.set(true);
    },
    async close() {
      state.set(false);
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
  const redis = new (ioredis().Redis)(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', (error) => log.warn({ err: error }, 'leader election: redis connection error'));
  const state = leaderState();
  let timer: NodeJS.Timeout | undefined;
  let campaigning: Promise<void> = Promise.resolve();
  let closed = false;

  const campaign = async () => {
    if (closed) return;
    try {
      const holds = state.leading
        ? Number(await redis.eval(RENEW, 1, key, me, String(leaseMs))) === 1
        : (await redis.set(key, me, 'PX', leaseMs, 'NX')) === 'OK';
      if (holds !== state.leading)
        log.info(holds ? 'this process leads: notification scheduler and simulator run here' : 'lead lost');
      state.set(holds);
    } catch (error) {
      // Unsure whether the key is still ours: stop leading rather than risk two leaders.
      state.set(false);
      log.warn({ err: error }, 'leader election failed');
    }
  };

  return {
    get leading() {
      return state.leading;
    },
    follow: state.follow,
    async start() {
      if (timer || closed) return;
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
      closed = true;
      if (timer) clearInterval(timer);
      await campaigning;
      if (state.leading) {
        state.set(false);
        await redis.eval(RESIGN, 1, key, me).catch(() => undefined);
      }
      if (redis.status === 'wait') redis.disconnect();
      else await redis.quit().catch(() => redis.disconnect());
    },
  };
}

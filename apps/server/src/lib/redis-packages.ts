import { createRequire } from 'node:module';
import type * as RedisAdapter from '@socket.io/redis-adapter';
import type * as BullMq from 'bullmq';
import type * as IoRedis from 'ioredis';

const load = createRequire(import.meta.url);

/**
 * The packages only a deployment with REDIS_URL uses, loaded on first use rather than at start
 * (loading them took about a fifth of a start's CPU on a process without Redis). All three are
 * CommonJS, so loading them is synchronous and cached.
 */
export const ioredis = (): typeof IoRedis => load('ioredis');
export const bullmq = (): typeof BullMq => load('bullmq');
export const redisAdapter = (): typeof RedisAdapter => load('@socket.io/redis-adapter');

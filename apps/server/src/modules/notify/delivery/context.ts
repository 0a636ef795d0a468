import { createHash } from 'node:crypto';
import type { LiveIntegration } from '../integrations.service';
import { connectHttp2 } from './network';
import type { DeliveryOptions } from './options';
import type { SendContext, VendorHttp } from './vendor';

/**
 * The idempotency key of a job's send through one integration: the same for every attempt and
 * after a restart, different for every job and integration (and short enough for every vendor).
 */
export function idempotencyKey(job: { id: number; transactionId: string }, integrationId: number): string {
  const digest = createHash('sha256')
    .update(`${job.transactionId}\u0000${job.id}\u0000${integrationId}`)
    .digest('hex');
  return `fc-${digest.slice(0, 32)}`;
}

/** What an adapter gets for one send (docs/PROVIDERS.md "How delivery works"). */
export function sendContext(
  integration: LiveIntegration,
  options: DeliveryOptions,
  http: VendorHttp,
  key: string,
  now: () => number,
): SendContext {
  const override = options.origins?.[integration.provider.id];
  return {
    credentials: integration.credentials,
    http,
    idempotencyKey: key,
    now,
    origin: (defaultOrigin) => (override ? override.replace(/\/+$/, '') : defaultOrigin),
    http2: (origin) => connectHttp2(origin, options.network),
    network: options.network,
    timeoutMs: options.timeoutMs,
  };
}

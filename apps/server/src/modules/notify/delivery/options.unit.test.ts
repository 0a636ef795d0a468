import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { backoffMs, maxAttempts } from './options';

describe('delivery options', () => {
  it('backs off exponentially with jitter, honours Retry-After, and caps both', () => {
    const fixed = (random: number) => ({ retry: { baseMs: 1_000, maxMs: 60_000 }, random: () => random });
    expect(backoffMs(fixed(0), 1)).toBe(500);
    expect(backoffMs(fixed(1), 1)).toBe(1_000);
    expect(backoffMs(fixed(0.5), 3)).toBe(3_000);
    expect(backoffMs(fixed(1), 10)).toBe(60_000);
    expect(backoffMs(fixed(0), 1, 30_000)).toBe(30_000);
    expect(backoffMs(fixed(0), 1, 3_600_000)).toBe(60_000);
    expect(maxAttempts({})).toBe(4);
    expect(maxAttempts({ retry: { attempts: 0 } })).toBe(1);
  });

  it('reads the delivery settings from the environment and refuses bad ones', () => {
    const base = { DATA_DIR: '/tmp/fc' };
    expect(loadConfig(base).notify.delivery).toEqual({ network: {} });
    const config = loadConfig({
      ...base,
      NOTIFY_ALLOW_PRIVATE_NETWORKS: '10.0.0.0/8, 127.0.0.1',
      NOTIFY_PROVIDER_ORIGINS: '{"fcm": "https://push-proxy.internal:8443"}',
      NOTIFY_DELIVERY_ATTEMPTS: '6',
      NOTIFY_RETRY_BASE_MS: '500',
      NOTIFY_PROVIDER_CONCURRENCY: '{"twilio": 32}',
    }).notify.delivery;
    expect(config).toEqual({
      network: { allowCidrs: ['10.0.0.0/8', '127.0.0.1'] },
      origins: { fcm: 'https://push-proxy.internal:8443' },
      retry: { attempts: 6, baseMs: 500 },
      providerConcurrency: { twilio: 32 },
    });
    expect(loadConfig({ ...base, NOTIFY_ALLOW_PRIVATE_NETWORKS: 'true' }).notify.delivery.network).toEqual({
      allowPrivate: true,
    });
    expect(loadConfig({ ...base, NOTIFY_PROVIDER_CONCURRENCY: '16' }).notify.delivery.concurrency).toBe(16);
    expect(() => loadConfig({ ...base, NOTIFY_ALLOW_PRIVATE_NETWORKS: 'intranet' })).toThrow(
      /not an IP range/,
    );
    expect(() => loadConfig({ ...base, NOTIFY_PROVIDER_ORIGINS: '{"fcm": "ftp://x"}' })).toThrow(/origin/);
    expect(() => loadConfig({ ...base, NOTIFY_PROVIDER_ORIGINS: '[1]' })).toThrow(/JSON object/);
  });
});

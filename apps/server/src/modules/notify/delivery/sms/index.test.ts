import { PROVIDERS } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { fakeContext, startFakeVendor } from '../testing';
import { DeliveryError } from '../vendor';
import { SMS } from './fixtures';
import { SMS_SENDERS } from './index';

describe('SMS senders', () => {
  it('refuse, permanently and without calling the vendor, an integration whose credentials are missing', async () => {
    const fake = await startFakeVendor(() => ({ status: 200, body: {} }));
    try {
      for (const [id, send] of Object.entries(SMS_SENDERS)) {
        const error = await send(fakeContext(fake, {}), SMS).catch((e) => e);
        expect(error, id).toBeInstanceOf(DeliveryError);
        expect((error as DeliveryError).kind, id).toBe('permanent');
        expect((error as DeliveryError).message, id).toMatch(/: the integration has no [a-z ]+$/i);
      }
      expect(fake.calls).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });

  it('read only the credential keys their catalogue entry declares', async () => {
    const fake = await startFakeVendor(() => ({ status: 200, body: {} }));
    const sample: Record<string, unknown> = {
      port: 13013,
      baseUrl: 'https://api.example.test',
      region: 'ap-south-1',
    };
    try {
      for (const [id, send] of Object.entries(SMS_SENDERS)) {
        const provider = PROVIDERS.find((p) => p.id === id && p.channel === 'sms');
        expect(provider, id).toBeDefined();
        const declared = new Set(provider?.fields.map((field) => field.key));
        const read = new Set<string>();
        const values = Object.fromEntries([...declared].map((key) => [key, sample[key] ?? `${key}-value`]));
        const credentials = new Proxy(values, {
          get: (target, key) => {
            if (typeof key === 'string') read.add(key);
            return target[key as string];
          },
        });
        await send(fakeContext(fake, credentials), SMS).catch(() => undefined);
        expect(
          [...read].filter((key) => !declared.has(key)),
          id,
        ).toEqual([]);
        expect(read.size, id).toBeGreaterThan(0);
      }
    } finally {
      await fake.stop();
    }
  });
});

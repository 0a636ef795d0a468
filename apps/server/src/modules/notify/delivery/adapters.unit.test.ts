import { PROVIDERS } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { hasAdapter } from './adapters';

describe('the provider catalogue and the adapters', () => {
  it('says a provider delivers exactly when this version has an adapter for it', () => {
    const claimsWithout = PROVIDERS.filter((p) => p.delivers && !hasAdapter(p)).map(
      (p) => `${p.channel}/${p.id}`,
    );
    const adapterNotClaimed = PROVIDERS.filter((p) => !p.delivers && hasAdapter(p)).map(
      (p) => `${p.channel}/${p.id}`,
    );
    expect(claimsWithout).toEqual([]);
    expect(adapterNotClaimed).toEqual([]);
  });

  it('delivers through every push provider and the demo outbox providers', () => {
    for (const id of ['fcm', 'apns', 'expo', 'one-signal', 'pushpad', 'push-webhook'])
      expect(hasAdapter(PROVIDERS.find((p) => p.id === id && p.channel === 'push') as never)).toBe(true);
    expect(hasAdapter(PROVIDERS.find((p) => p.id === 'novu-email') as never)).toBe(true);
    expect(hasAdapter(PROVIDERS.find((p) => p.id === 'novu-sms') as never)).toBe(true);
  });
});

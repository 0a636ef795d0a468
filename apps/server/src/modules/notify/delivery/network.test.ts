import { describe, expect, it } from 'vitest';
import { addressCheck, isPublicAddress, parseNetworkPolicy } from './network';
import { createVendorHttp } from './outbound';
import { startReceiver } from './testing';
import { DeliveryError } from './vendor';

describe('the outbound address policy', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, ULA and mapped ones', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '100.63.255.255', '172.32.0.1'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('allows what the operator configured: everything, or CIDR ranges', () => {
    expect(addressCheck(parseNetworkPolicy('true'))('10.0.0.1')).toBe(true);
    const some = addressCheck(parseNetworkPolicy('10.20.0.0/16, ::1'));
    expect(some('10.20.3.4')).toBe(true);
    expect(some('10.21.0.1')).toBe(false);
    expect(some('::1')).toBe(true);
    expect(some('8.8.8.8')).toBe(true);
    expect(addressCheck(parseNetworkPolicy(undefined))('127.0.0.1')).toBe(false);
    expect(() => parseNetworkPolicy('10.0.0.0/33')).toThrow(/not an IP range/);
    expect(() => parseNetworkPolicy('intranet')).toThrow(/not an IP range/);
  });

  it('refuses loopback by IP, by name, IPv6 loopback and the metadata address; allows them when configured', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      const strict = createVendorHttp({ timeoutMs: 2_000 });
      for (const url of [
        `${receiver.url}/ip`,
        `http://localhost:${port}/name`,
        `http://[::1]:${port}/v6`,
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const error = await strict({ url }).catch((e) => e);
        expect(error, url).toBeInstanceOf(DeliveryError);
        expect(error.kind, url).toBe('permanent');
        expect(error.message, url).toMatch(/^refused: .* is a private, loopback or link-local address/);
      }
      expect(receiver.received).toHaveLength(0);
      const allowed = createVendorHttp({ timeoutMs: 2_000, network: parseNetworkPolicy('127.0.0.0/8') });
      expect((await allowed({ url: `http://localhost:${port}/name` })).status).toBe(200);
      expect(
        (await createVendorHttp({ network: { allowPrivate: true } })({ url: `${receiver.url}/ip` })).status,
      ).toBe(200);
      expect(receiver.received.map((r) => r.path)).toEqual(['/name', '/ip']);
    } finally {
      await receiver.stop();
    }
  });

  it('does not follow redirects', async () => {
    const receiver = await startReceiver();
    try {
      receiver.answer('/moved', 302, '');
      const http = createVendorHttp({ network: { allowPrivate: true } });
      const answer = await http({ url: `${receiver.url}/moved` });
      expect(answer.status).toBe(302);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.stop();
    }
  });
});

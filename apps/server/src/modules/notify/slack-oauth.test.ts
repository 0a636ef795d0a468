import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { type FakeVendor, LOOPBACK_DELIVERY, startFakeVendor } from './delivery/testing';
import { toHexId } from './ids';
import { createNotifyFixture, type NotifyFixture } from './testing';

describe('Slack "Add to Slack" for a subscriber', () => {
  let t: TestApp;
  let slack: FakeVendor;
  let f: NotifyFixture;

  beforeAll(async () => {
    slack = await startFakeVendor((call) => {
      if (call.method !== 'POST' || call.path !== '/api/oauth.v2.access') return { status: 404, body: 'no' };
      const expected = `Basic ${Buffer.from('client-1:slack-secret').toString('base64')}`;
      if (call.headers.authorization !== expected)
        return { status: 200, body: { ok: false, error: 'invalid_client' } };
      const form = call.body as URLSearchParams;
      if (!form.get('redirect_uri')?.endsWith('/credentials/slack/oauth/callback'))
        return { status: 200, body: { ok: false, error: 'bad_redirect_uri' } };
      if (form.get('code') !== 'good-code')
        return { status: 200, body: { ok: false, error: 'invalid_code' } };
      return {
        status: 200,
        body: {
          ok: true,
          app_id: 'A1',
          incoming_webhook: {
            channel: '#station-ops',
            channel_id: 'C1',
            url: 'https://hooks.slack.test/services/T/B/X',
          },
        },
      };
    });
    t = await createTestApp({
      notify: { delivery: { ...LOOPBACK_DELIVERY, origins: { slack: slack.origin } } },
    });
    f = await createNotifyFixture(t);
    await f.v1('POST', '/v1/integrations', {
      providerId: 'slack',
      channel: 'chat',
      identifier: 'slack-main',
      credentials: {
        applicationId: 'A1',
        clientId: 'client-1',
        secretKey: 'slack-secret',
        redirectUrl: 'https://app.forecourt.test/slack-connected',
        hmac: true,
      },
    });
    await f.v1('POST', '/v1/subscribers', { subscriberId: 'owner-7', firstName: 'Ravi' });
  });
  afterAll(async () => {
    await t.close();
    await slack.stop();
  });

  const start = (query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/subscribers/owner-7/credentials/slack/oauth?${new URLSearchParams(query)}`,
    });
  const callback = (subscriberId: string, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/subscribers/${subscriberId}/credentials/slack/oauth/callback?${new URLSearchParams(query)}`,
    });

  it('needs the subscriber HMAC when the integration asks for it, then redirects to Slack', async () => {
    const environmentId = toHexId(f.environment.id);
    expect((await start({ environmentId })).statusCode).toBe(400);
    expect((await start({ environmentId, hmacHash: 'wrong' })).json().code).toBe('BAD_REQUEST');
    const response = await start({ environmentId, hmacHash: f.hash('owner-7') });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${slack.origin}/oauth/v2/authorize`);
    expect(location.searchParams.get('client_id')).toBe('client-1');
    expect(location.searchParams.get('scope')).toBe('incoming-webhook');
    expect(location.searchParams.get('redirect_uri')).toMatch(
      /\/v1\/subscribers\/owner-7\/credentials\/slack\/oauth\/callback$/,
    );
    expect(location.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    // Another environment's id, or an unknown subscriber, is not found.
    const other = await start({ environmentId: 'ffffffffffffffffffffffff', hmacHash: f.hash('owner-7') });
    expect(other.statusCode).toBe(404);
  });

  it('exchanges the code and stores the incoming webhook on the subscriber', async () => {
    const started = await start({
      environmentId: f.environment.applicationIdentifier,
      hmacHash: f.hash('owner-7'),
    });
    const state = new URL(String(started.headers.location)).searchParams.get('state') as string;
    // A forged or misplaced state, a refused code, Slack's own error: 400, nothing stored.
    expect((await callback('owner-7', { code: 'good-code', state: `${state}x` })).statusCode).toBe(400);
    expect((await callback('someone-else', { code: 'good-code', state })).statusCode).toBe(400);
    const refused = await callback('owner-7', { code: 'bad-code', state });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('invalid_code');
    expect((await callback('owner-7', { error: 'access_denied' })).statusCode).toBe(400);

    const done = await callback('owner-7', { code: 'good-code', state });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('https://app.forecourt.test/slack-connected');
    const row = await t.database.db
      .selectFrom('notifySubscribers')
      .select('channels')
      .where('environmentId', '=', f.environment.id)
      .where('subscriberId', '=', 'owner-7')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.channels)).toEqual([
      {
        providerId: 'slack',
        integrationIdentifier: 'slack-main',
        credentials: { webhookUrl: 'https://hooks.slack.test/services/T/B/X', channel: '#station-ops' },
      },
    ]);
    // The state expires.
    t.clock.advance(11 * 60_000);
    expect((await callback('owner-7', { code: 'good-code', state })).json().message).toMatch(/expired/);
  });
});

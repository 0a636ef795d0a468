import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { type Receiver, startReceiver } from './delivery/testing';
import { createNotifyFixture, type NotifyFixture } from './testing';

/**
 * Server-side request forgery through integrations: with the default policy a test send (or any
 * delivery) to loopback, link-local/metadata or IPv6 loopback addresses is refused with a clear
 * error, before any byte reaches the peer, and the answer never carries a peer's body. An operator
 * can allow such addresses (NOTIFY_ALLOW_PRIVATE_NETWORKS → delivery.network).
 */
describe('outbound requests refuse private addresses unless allowed', () => {
  let strict: TestApp;
  let open: TestApp;
  let receiver: Receiver;
  let sink: SmtpSink;

  beforeAll(async () => {
    strict = await createTestApp();
    open = await createTestApp({
      notify: { delivery: { network: { allowCidrs: ['127.0.0.0/8', '::1/128'] } } },
    });
    receiver = await startReceiver();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await receiver.stop();
    await sink.stop();
    await strict.close();
    await open.close();
  });

  const testSend = async (t: TestApp, f: NotifyFixture, integrationId: string, target: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/platform/notifications/integrations/${integrationId}/test`,
      headers: f.admin.headers,
      payload: { target },
    });

  const slackIntegration = async (f: NotifyFixture) =>
    (
      await f.v1('POST', '/v1/integrations', {
        providerId: 'slack',
        channel: 'chat',
        credentials: { applicationId: 'A', clientId: 'C', secretKey: 's' },
      })
    ).json().data._id as string;

  it('refuses 127.0.0.1, localhost, [::1] and 169.254.169.254 by default, and allows them when configured', async () => {
    const f = await createNotifyFixture(strict);
    const id = await slackIntegration(f);
    receiver.answer('/secret', 200, 'internal-secret-body');
    const port = new URL(receiver.url).port;
    for (const target of [
      `http://127.0.0.1:${port}/secret`,
      `http://localhost:${port}/secret`,
      `http://[::1]:${port}/secret`,
      'http://169.254.169.254/latest/meta-data/iam/',
    ]) {
      const response = await testSend(strict, f, id, target);
      expect(response.statusCode, target).toBe(200);
      const data = response.json().data;
      expect(data.success, target).toBe(false);
      expect(data.error, target).toMatch(/^refused: \S+ is a private, loopback or link-local address/);
    }
    expect(receiver.received).toHaveLength(0);

    const g = await createNotifyFixture(open);
    const allowedId = await slackIntegration(g);
    const allowed = await testSend(open, g, allowedId, `http://localhost:${port}/secret`);
    expect(allowed.json().data).toEqual({ success: true, providerId: 'slack', channel: 'chat' });
    expect(receiver.received).toHaveLength(1);
    // A failing private service's body is never echoed, even when reaching it is allowed.
    receiver.answer('/fail', 500, 'internal-secret-body');
    const failed = await testSend(open, g, allowedId, `http://127.0.0.1:${port}/fail`);
    expect(failed.json().data).toMatchObject({ success: false, error: 'HTTP 500' });
    expect(failed.body).not.toContain('internal-secret-body');
    // The integrations list shows each integration's last delivery (here: that failed test send).
    const listed = (await g.v1('GET', '/v1/integrations')).json().data as {
      _id: string;
      lastDelivery: { success: boolean; detail: string; test: boolean } | null;
    }[];
    expect(listed.find((i) => i._id === allowedId)?.lastDelivery).toMatchObject({
      success: false,
      test: true,
      detail: 'Test message failed: HTTP 500',
    });
    const strictList = (await f.v1('GET', '/v1/integrations')).json().data as {
      lastDelivery: { detail: string };
    }[];
    expect(strictList[0]?.lastDelivery.detail).toMatch(/refused/);
  });

  it('refuses the SMTP host of a custom SMTP integration on a private address by default', async () => {
    const f = await createNotifyFixture(strict);
    const created = await f.v1('POST', '/v1/integrations', {
      providerId: 'nodemailer',
      channel: 'email',
      credentials: {
        host: 'localhost',
        port: Number(new URL(sink.url).port),
        from: 'ops@forecourt.test',
        senderName: 'Ops',
      },
    });
    const response = await testSend(strict, f, created.json().data._id, 'asha@example.com');
    expect(response.json().data).toMatchObject({
      success: false,
      code: 1008,
      error: expect.stringMatching(/^SMTP: refused: \S+ is a private, loopback or link-local address/),
    });
    expect(sink.messages).toHaveLength(0);
  });
});

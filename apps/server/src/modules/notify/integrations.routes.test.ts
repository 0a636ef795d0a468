import { SECRET_MASK } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createSignedInUser } from '../../test/factories';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { deadPort, LOOPBACK_DELIVERY, type Receiver, startReceiver } from './delivery/testing';
import { createNotifyFixture, type NotifyFixture } from './testing';

const SMTP_PASSWORD = 'smtp-pass-Zq8!';

describe('integrations API', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let sink: SmtpSink;
  let receiver: Receiver;
  let smtp: Record<string, unknown>;

  const platform = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers = f.admin.headers,
  ) =>
    t.app.inject({
      method,
      url: `/api/platform/notifications${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    t = await createTestApp({ notify: { delivery: LOOPBACK_DELIVERY } });
    f = await createNotifyFixture(t);
    sink = await startSmtpSink({ user: 'mailer', pass: SMTP_PASSWORD });
    receiver = await startReceiver();
    smtp = {
      host: '127.0.0.1',
      port: Number(new URL(sink.url).port),
      user: 'mailer',
      password: SMTP_PASSWORD,
      from: 'alerts@forecourt.test',
      senderName: 'Forecourt alerts',
    };
  });
  afterAll(async () => {
    await sink.stop();
    await receiver.stop();
    await t.close();
  });

  it('creates an integration with valid credentials and never answers or stores the secrets in clear', async () => {
    const created = await f.v1('POST', '/v1/integrations', {
      providerId: 'nodemailer',
      channel: 'email',
      credentials: smtp,
      active: true,
      check: false,
    });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      providerId: 'nodemailer',
      channel: 'email',
      name: 'Custom SMTP',
      active: true,
      primary: true,
      delivers: true,
      credentials: {
        host: '127.0.0.1',
        user: 'mailer',
        password: SECRET_MASK,
        from: 'alerts@forecourt.test',
      },
    });
    expect(data.credentialsSet).toEqual(['from', 'host', 'password', 'port', 'senderName', 'user']);
    expect(data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body).not.toContain(SMTP_PASSWORD);

    const listed = await f.v1('GET', '/v1/integrations');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((i: { _id: string }) => i._id)).toContain(data._id);
    expect(listed.body).not.toContain(SMTP_PASSWORD);

    const row = await t.database.db
      .selectFrom('notifyIntegrations')
      .selectAll()
      .where('environmentId', '=', f.environment.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SMTP_PASSWORD);
    expect(row.credentialsCiphertext).toMatch(/^v1\./);
  });

  it('refuses missing or malformed credentials with 400 naming the field', async () => {
    const { host: _, ...noHost } = smtp;
    const missing = await f.v1('POST', '/v1/integrations', {
      providerId: 'nodemailer',
      channel: 'email',
      credentials: noHost,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'credentials.host', message: 'is required' }],
    });
    expect(missing.body).not.toContain(SMTP_PASSWORD);

    const hook = await f.v1('POST', '/v1/integrations', {
      providerId: 'push-webhook',
      channel: 'push',
      credentials: { webhookUrl: 'javascript:alert(1)', secretKey: 's', extra: 'x' },
    });
    expect(hook.statusCode).toBe(400);
    expect(
      hook
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['credentials.extra', 'credentials.webhookUrl']);

    const unknown = await f.v1('POST', '/v1/integrations', {
      providerId: 'slack',
      channel: 'email',
      credentials: {},
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'providerId', message: 'is not a email provider' }]);
  });

  it('merges credential changes: the mask keeps a secret, null clears, a bad value is 400', async () => {
    const created = (
      await f.v1('POST', '/v1/integrations', {
        providerId: 'nodemailer',
        channel: 'email',
        identifier: 'smtp-merge',
        credentials: smtp,
      })
    ).json().data;
    expect(created.primary).toBe(false); // the first one is the primary
    const changed = await f.v1('PUT', `/v1/integrations/${created._id}`, {
      name: 'Relay',
      credentials: { ...created.credentials, port: 2525, user: null },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Relay',
      credentials: { port: 2525, password: SECRET_MASK },
    });
    expect(changed.json().data.credentials.user).toBeUndefined();
    const bad = await f.v1('PUT', `/v1/integrations/${created._id}`, { credentials: { port: 'many' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('credentials.port');
    expect((await f.v1('PUT', '/v1/integrations/0000000000000000000fffff', { name: 'x' })).statusCode).toBe(
      404,
    );
    const taken = await f.v1('POST', '/v1/integrations', {
      providerId: 'nodemailer',
      channel: 'email',
      identifier: 'smtp-merge',
      credentials: smtp,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('sets the primary of a channel, deactivates, lists active ones and deletes', async () => {
    const list = (await f.v1('GET', '/v1/integrations')).json().data as {
      _id: string;
      identifier: string;
      primary: boolean;
    }[];
    const second = list.find((i) => i.identifier === 'smtp-merge') as { _id: string };
    const primary = await f.v1('POST', `/v1/integrations/${second._id}/set-primary`);
    expect(primary.statusCode).toBe(200);
    expect(primary.json().data).toMatchObject({ primary: true, active: true });
    const after = (await f.v1('GET', '/v1/integrations')).json().data as { _id: string; primary: boolean }[];
    expect(after.filter((i) => i.primary).map((i) => i._id)).toEqual([second._id]);

    const off = await f.v1('PUT', `/v1/integrations/${second._id}`, { active: false });
    expect(off.json().data).toMatchObject({ active: false, primary: false });
    const active = (await f.v1('GET', '/v1/integrations/active')).json().data as { _id: string }[];
    expect(active.map((i) => i._id)).not.toContain(second._id);

    const chat = (
      await f.v1('POST', '/v1/integrations', { providerId: 'discord', channel: 'chat', credentials: {} })
    ).json().data;
    expect((await f.v1('POST', `/v1/integrations/${chat._id}/set-primary`)).statusCode).toBe(400);
    const removed = await f.v1('DELETE', `/v1/integrations/${chat._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.map((i: { _id: string }) => i._id)).not.toContain(chat._id);
  });

  it('serves the same operations to admins under /api/platform/notifications; members get 403', async () => {
    const listed = await platform('GET', '/integrations');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.length).toBeGreaterThan(0);
    const member = await createSignedInUser(t.database.db, {
      organizationId: f.organization.id,
      role: 'member',
    });
    expect((await platform('GET', '/integrations', undefined, member.headers)).statusCode).toBe(403);
    const created = await platform('POST', '/integrations', {
      providerId: 'email-webhook',
      channel: 'email',
      credentials: { webhookUrl: `${receiver.url}/mail`, secretKey: 'hook-secret' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.credentials).toEqual({ webhookUrl: SECRET_MASK, secretKey: SECRET_MASK });
  });

  describe('test send', () => {
    const integrationOf = async (identifier: string) =>
      ((await f.v1('GET', '/v1/integrations')).json().data as { _id: string; identifier: string }[]).find(
        (i) => i.identifier === identifier,
      ) as { _id: string };

    it('sends one mail over SMTP to the target', async () => {
      const [first] = (
        (await f.v1('GET', '/v1/integrations')).json().data as {
          _id: string;
          primary: boolean;
          providerId: string;
          active: boolean;
        }[]
      ).filter((i) => i.providerId === 'nodemailer' && i.active);
      const before = sink.messages.length;
      const response = await platform('POST', `/integrations/${first?._id}/test`, {
        target: 'ops@forecourt.test',
        subject: 'Hello from the test',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ success: true, providerId: 'nodemailer', channel: 'email' });
      const [mail] = (await sink.waitFor(before + 1)).slice(before);
      expect(mail).toMatchObject({
        to: ['ops@forecourt.test'],
        subject: 'Hello from the test',
        authUser: 'mailer',
      });
      const bad = await platform('POST', `/integrations/${first?._id}/test`, { target: 'not an address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([{ path: 'target', message: 'must be an email address' }]);
    });

    it("answers the provider's error when the peer refuses or is down", async () => {
      const created = (
        await f.v1('POST', '/v1/integrations', {
          providerId: 'slack',
          channel: 'chat',
          identifier: 'slack-test',
          credentials: { applicationId: 'A1', clientId: 'C1', secretKey: 'slack-secret' },
        })
      ).json().data;
      const ok = await platform('POST', `/integrations/${created._id}/test`, {
        target: `${receiver.url}/slack-ok`,
      });
      expect(ok.json().data).toEqual({ success: true, providerId: 'slack', channel: 'chat' });
      expect(receiver.received.find((r) => r.path === '/slack-ok')?.body).toEqual({
        text: expect.stringContaining('test message'),
      });
      receiver.answer('/slack-gone', 404, 'no_service');
      const refused = await platform('POST', `/integrations/${created._id}/test`, {
        target: `${receiver.url}/slack-gone`,
      });
      expect(refused.json().data).toEqual({
        success: false,
        providerId: 'slack',
        channel: 'chat',
        code: 1005,
        // The webhook's answer body is never repeated (it could be any service's).
        error: 'HTTP 404',
      });
      const port = await deadPort();
      const down = await platform('POST', `/integrations/${created._id}/test`, {
        target: `http://127.0.0.1:${port}/x`,
      });
      expect(down.json().data).toMatchObject({
        success: false,
        code: 1005,
        error: 'connection failed (ECONNREFUSED)',
      });
      expect((await f.v1('POST', `/v1/integrations/${created._id}/test`, { target: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('refuses a provider that does not deliver in this version', async () => {
      // Clickatell is listed with the email providers but has no email API (docs/PROVIDERS.md, "Email providers").
      await f.v1('POST', '/v1/integrations', {
        providerId: 'clickatell',
        channel: 'email',
        identifier: 'clickatell-email-1',
        credentials: { apiKey: 'k', from: 'alerts@forecourt.example', senderName: 'Forecourt' },
      });
      const stored = await integrationOf('clickatell-email-1');
      const response = await platform('POST', `/integrations/${stored._id}/test`, { target: 'a@b.example' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    });
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { createNotifyFixture, triggerAndWait } from '../testing';
import { postJson, SIGNATURE_HEADER, signatureHeader, verifySignature } from './http';
import { deadPort, LOOPBACK_DELIVERY, type Receiver, startReceiver } from './testing';

type Detail = { code: number; status: string; detail: string; channel: string | null; group: string };

describe('delivery through real local peers', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let receiver: Receiver;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp({ notify: { delivery: LOOPBACK_DELIVERY } });
    sink = await startSmtpSink({ user: 'relay', pass: 'relay-pass' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await sink.stop();
    await receiver.stop();
    await t.close();
  });

  /** A fresh environment with one workflow (the given steps) and one subscriber. */
  async function scenario(
    steps: unknown[],
    integrations: { providerId: string; channel: string; credentials: Record<string, unknown> }[],
    subscriber: Record<string, unknown> = {},
  ) {
    const f = await createNotifyFixture(t);
    counter += 1;
    const triggerIdentifier = `delivery-${counter}`;
    const workflow = await f.v1('POST', '/v1/workflows', {
      name: `Delivery ${counter}`,
      triggerIdentifier,
      steps,
    });
    expect(workflow.statusCode).toBe(201);
    for (const integration of integrations) {
      const created = await f.v1('POST', '/v1/integrations', integration);
      expect(created.statusCode).toBe(201);
    }
    const subscriberId = `sub-${counter}`;
    await f.v1('POST', '/v1/subscribers', { subscriberId, firstName: 'Asha', ...subscriber });
    const transactionId = `tx-${counter}`;
    const read = async () => {
      const details = (await f.v1('GET', `/v1/execution-details?transactionId=${transactionId}`)).json()
        .data as Detail[];
      const jobs = await t.database.db
        .selectFrom('notifyJobs')
        .select(['type', 'status'])
        .where('transactionId', '=', transactionId)
        .where('environmentId', '=', f.environment.id)
        .orderBy('stepIndex')
        .execute();
      const notification = await t.database.db
        .selectFrom('notifyNotifications')
        .select('status')
        .where('transactionId', '=', transactionId)
        .where('environmentId', '=', f.environment.id)
        .executeTakeFirstOrThrow();
      return { details, jobs, notification, f, read };
    };
    const run = async (payload: Record<string, unknown> = {}) => {
      const response = await triggerAndWait(t, f, {
        name: triggerIdentifier,
        to: subscriberId,
        payload,
        transactionId,
      });
      expect(response.statusCode).toBe(201);
      return read();
    };
    return { f, run, subscriberId };
  }

  const smtpCredentials = (extra: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: Number(new URL(sink.url).port),
    user: 'relay',
    password: 'relay-pass',
    from: 'alerts@forecourt.test',
    senderName: 'Forecourt',
    ...extra,
  });

  it('sends an email step over custom SMTP with the rendered subject and body, DKIM-signed', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const before = sink.messages.length;
    const { run } = await scenario(
      [
        {
          type: 'email',
          subject: 'Incident at {{station}}',
          content: '<p>Hello {{subscriber.firstName}}, {{uppercase level}}</p>',
        },
      ],
      [
        {
          providerId: 'nodemailer',
          channel: 'email',
          credentials: smtpCredentials({
            domain: 'forecourt.test',
            accountSid: 'fc2026',
            secretKey: privateKey,
          }),
        },
      ],
      { email: 'asha@forecourt.test' },
    );
    const { details, jobs, notification, f } = await run({ station: 'Ring Road', level: 'high' });
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail).toMatchObject({
      to: ['asha@forecourt.test'],
      from: 'alerts@forecourt.test',
      subject: 'Incident at Ring Road',
      authUser: 'relay',
    });
    expect(mail?.html).toContain('<p>Hello Asha, HIGH</p>');
    expect(mail?.text).toContain('Hello Asha, HIGH');
    expect(mail?.headers['dkim-signature']).toMatch(/d=forecourt\.test/);
    expect(mail?.headers['dkim-signature']).toMatch(/s=fc2026/);
    expect(jobs).toEqual([{ type: 'email', status: 'completed' }]);
    expect(notification.status).toBe('completed');
    expect(details.find((d) => d.channel === 'email' && d.status === 'Success')).toMatchObject({
      code: 1009,
      group: 'success',
      detail: expect.stringMatching(/^Message sent through Custom SMTP/),
    });
    const messages = (await f.v1('GET', '/v1/messages?channel=email')).json().data;
    expect(messages).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'Incident at Ring Road' }),
    ]);
  });

  it('records a mail provider error (1008) and fails the job when SMTP refuses the login; no DKIM without it', async () => {
    const { run } = await scenario(
      [{ type: 'email', subject: 'x', content: 'y' }],
      [{ providerId: 'nodemailer', channel: 'email', credentials: smtpCredentials({ password: 'wrong' }) }],
      { email: 'asha@forecourt.test' },
    );
    const { details, jobs, notification } = await run();
    expect(jobs).toEqual([{ type: 'email', status: 'failed' }]);
    expect(notification.status).toBe('completed');
    const failure = details.find((d) => d.code === 1008);
    expect(failure).toMatchObject({ status: 'Failed', group: 'error', channel: 'email' });
    expect(failure?.detail).toMatch(/Custom SMTP.*SMTP: Invalid login/);
    expect(failure?.detail).not.toContain('wrong');
  });

  it('posts the email webhook, signed', async () => {
    const { run } = await scenario(
      [{ type: 'email', subject: 'Settlement {{id}}', content: '<b>Ready</b>' }],
      [
        {
          providerId: 'email-webhook',
          channel: 'email',
          credentials: {
            webhookUrl: `${receiver.url}/email-hook`,
            secretKey: 'mail-hook-secret',
            from: 'a@forecourt.test',
          },
        },
      ],
      { email: 'asha@forecourt.test' },
    );
    const { jobs } = await run({ id: 'S-9' });
    expect(jobs).toEqual([{ type: 'email', status: 'completed' }]);
    const hit = receiver.received.find((r) => r.path === '/email-hook');
    expect(hit?.body).toMatchObject({
      type: 'email',
      to: ['asha@forecourt.test'],
      from: 'a@forecourt.test',
      subject: 'Settlement S-9',
      html: '<b>Ready</b>',
      text: 'Ready',
      transactionId: expect.any(String),
      subscriberId: expect.stringMatching(/^sub-/),
    });
    expect(verifySignature('mail-hook-secret', hit?.raw ?? '', String(hit?.headers[SIGNATURE_HEADER]))).toBe(
      true,
    );
    expect(verifySignature('other-secret', hit?.raw ?? '', String(hit?.headers[SIGNATURE_HEADER]))).toBe(
      false,
    );
  });

  it('posts a chat step to each provider’s incoming webhook in its own shape', async () => {
    const providers = ['slack', 'discord', 'msteams', 'mattermost', 'ryver'];
    const { run } = await scenario(
      [{ type: 'chat', subject: 'Pump alert', content: 'Pump {{pump}} is down' }],
      providers.map((providerId) => ({
        providerId,
        channel: 'chat',
        credentials: providerId === 'slack' ? { applicationId: 'A', clientId: 'C', secretKey: 'S' } : {},
      })),
      {
        channels: providers.map((providerId) => ({
          providerId,
          credentials: { webhookUrl: `${receiver.url}/chat/${providerId}` },
        })),
      },
    );
    const { jobs, details } = await run({ pump: 'P3' });
    expect(jobs).toEqual([{ type: 'chat', status: 'completed' }]);
    const body = (providerId: string) =>
      receiver.received.find((r) => r.path === `/chat/${providerId}`)?.body;
    expect(body('slack')).toEqual({ text: 'Pump P3 is down' });
    expect(body('discord')).toEqual({ content: 'Pump P3 is down' });
    expect(body('msteams')).toEqual({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: 'Pump alert',
      title: 'Pump alert',
      text: 'Pump P3 is down',
    });
    expect(body('mattermost')).toEqual({ text: 'Pump P3 is down' });
    expect(body('ryver')).toEqual({ body: 'Pump P3 is down' });
    expect(
      details.filter((d) => d.channel === 'chat' && d.code === 1009 && d.status === 'Success'),
    ).toHaveLength(5);
  });

  it('posts a push step to the push webhook with the subscriber’s device tokens, signed', async () => {
    const { run } = await scenario(
      [{ type: 'push', subject: 'Card approved', content: 'Card {{card}} is active' }],
      [
        {
          providerId: 'push-webhook',
          channel: 'push',
          credentials: { webhookUrl: `${receiver.url}/push`, secretKey: 'push-secret' },
        },
      ],
      { channels: [{ providerId: 'push-webhook', credentials: { deviceTokens: ['device-1', 'device-2'] } }] },
    );
    const { jobs } = await run({ card: 'C-7' });
    expect(jobs).toEqual([{ type: 'push', status: 'completed' }]);
    const hit = receiver.received.find((r) => r.path === '/push');
    expect(hit?.body).toMatchObject({
      type: 'push',
      target: ['device-1', 'device-2'],
      title: 'Card approved',
      content: 'Card C-7 is active',
      payload: { card: 'C-7' },
      subscriber: { subscriberId: expect.stringMatching(/^sub-/), firstName: 'Asha' },
    });
    expect(verifySignature('push-secret', hit?.raw ?? '', String(hit?.headers[SIGNATURE_HEADER]))).toBe(true);
  });

  it('records the peer’s failure: down (connection refused) and HTTP errors fail the job with the channel’s code', async () => {
    const port = await deadPort();
    receiver.answer('/chat-broken', 500, 'internal');
    const { run } = await scenario(
      [
        { type: 'push', content: 'x' },
        { type: 'chat', content: 'y' },
      ],
      [
        {
          providerId: 'push-webhook',
          channel: 'push',
          credentials: { webhookUrl: `http://127.0.0.1:${port}/push`, secretKey: 'k' },
        },
        { providerId: 'discord', channel: 'chat', credentials: {} },
      ],
      {
        channels: [
          { providerId: 'push-webhook', credentials: { deviceTokens: ['d'] } },
          { providerId: 'discord', credentials: { webhookUrl: `${receiver.url}/chat-broken` } },
        ],
      },
    );
    const first = await run();
    // Connection refused and HTTP 500 are transient: each job waits for its next attempt.
    expect(first.jobs).toEqual([
      { type: 'push', status: 'delayed' },
      { type: 'chat', status: 'delayed' },
    ]);
    expect(first.notification.status).not.toBe('completed');
    expect(first.details.find((d) => d.code === 1010 && d.status === 'Pending')?.detail).toMatch(
      /^Attempt 2 of 4 at /,
    );
    // The scheduler re-queues them when due; after the last attempt they fail.
    let last = first;
    for (let round = 0; round < 6 && last.jobs.some((job) => job.status === 'delayed'); round += 1) {
      t.clock.advance(11 * 60_000);
      await t.app.notify.scheduler.tick();
      await t.app.notify.queue.drain();
      last = await first.read();
    }
    const { jobs, details, notification } = last;
    expect(jobs).toEqual([
      { type: 'push', status: 'failed' },
      { type: 'chat', status: 'failed' },
    ]);
    expect(notification.status).toBe('completed');
    const pushAttempts = details.filter((d) => d.code === 1010 && d.detail.includes('ECONNREFUSED'));
    expect(pushAttempts.map((d) => d.status)).toEqual(['Warning', 'Warning', 'Warning', 'Failed']);
    expect(pushAttempts[0]?.detail).toMatch(
      /^Push error: Push webhook \(push-webhook-\w+\): connection failed \(ECONNREFUSED\) \(attempt 1, transient\)$/,
    );
    expect(details.filter((d) => d.code === 1005 && d.detail.includes('HTTP 500'))).toHaveLength(4);
    expect(details.find((d) => d.code === 1010 && d.detail.includes('gave up'))).toMatchObject({
      status: 'Failed',
      detail: 'Push error: gave up after 4 attempts',
    });
    // The webhook's answer body ("internal") is never repeated.
    expect(details.some((d) => d.detail.includes('internal'))).toBe(false);
    expect(receiver.received.filter((r) => r.path === '/chat-broken')).toHaveLength(4);
  });

  it('records missing integrations and missing subscriber credentials with their codes', async () => {
    const { run } = await scenario(
      [
        { type: 'email', content: 'a' },
        { type: 'chat', content: 'b' },
        { type: 'push', content: 'c' },
        { type: 'sms', content: 'd' },
      ],
      [
        { providerId: 'nodemailer', channel: 'email', credentials: smtpCredentials() },
        { providerId: 'mattermost', channel: 'chat', credentials: {} },
        {
          providerId: 'push-webhook',
          channel: 'push',
          credentials: { webhookUrl: `${receiver.url}/p`, secretKey: 'k' },
        },
      ],
      // no email, no chat webhook, no device tokens; no SMS integration
      { channels: [{ providerId: 'slack', credentials: { webhookUrl: `${receiver.url}/not-used` } }] },
    );
    const { details, jobs } = await run();
    expect(jobs.map((job) => job.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    const codes = details.filter((d) => d.status === 'Failed').map((d) => [d.channel, d.code]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['email', 3002],
        ['chat', 3006],
        ['push', 3010],
        ['sms', 3007],
      ]),
    );
    expect(receiver.received.some((r) => r.path === '/not-used')).toBe(false);
  });

  it('records a template error (3013) without sending', async () => {
    const { f, run } = await scenario(
      [{ type: 'chat', content: 'ok' }],
      [
        {
          providerId: 'slack',
          channel: 'chat',
          credentials: { applicationId: 'A', clientId: 'C', secretKey: 'S' },
        },
      ],
      { channels: [{ providerId: 'slack', credentials: { webhookUrl: `${receiver.url}/never` } }] },
    );
    // A template that cannot render (the API refuses it; written to the table as an old row could be).
    const row = await t.database.db
      .selectFrom('notifyWorkflows')
      .select(['id', 'steps'])
      .where('environmentId', '=', f.environment.id)
      .where('name', 'like', 'Delivery%')
      .executeTakeFirstOrThrow();
    const steps = (JSON.parse(row.steps) as Record<string, unknown>[]).map((step) => ({
      ...step,
      content: '{{> missing}}',
    }));
    await t.database.db
      .updateTable('notifyWorkflows')
      .set({ steps: JSON.stringify(steps) })
      .where('id', '=', row.id)
      .execute();
    const { details, jobs } = await run();
    expect(jobs).toEqual([{ type: 'chat', status: 'failed' }]);
    expect(details.find((d) => d.code === 3013)).toMatchObject({
      status: 'Failed',
      detail: expect.stringContaining('missing'),
    });
    expect(receiver.received.some((r) => r.path === '/never')).toBe(false);
  });
});

describe('postJson', () => {
  it('gives up after the timeout', async () => {
    const { createServer } = await import('node:http');
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as { port: number };
    await expect(
      postJson(`http://127.0.0.1:${port}/slow`, {}, { timeoutMs: 150, ...LOOPBACK_DELIVERY }),
    ).rejects.toThrow('no answer within 0.2 s');
    server.closeAllConnections();
    server.close();
  });

  it('signs t.body with HMAC-SHA256 and verifies only the right secret and body', () => {
    const header = signatureHeader('s3cret', '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('s3cret', '{"a":1}', header)).toBe(true);
    expect(verifySignature('s3cret', '{"a":2}', header)).toBe(false);
    expect(verifySignature('s3cret', '{"a":1}', 'garbage')).toBe(false);
  });
});

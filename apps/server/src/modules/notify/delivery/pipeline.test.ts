import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { createNotifyFixture, type NotifyFixture, triggerAndWait } from '../testing';
import { DEFAULT_LEASE, pendingEventIds } from '../worker';
import type { DeliveryOptions } from './options';
import {
  type FakeVendor,
  LOOPBACK_DELIVERY,
  type Receiver,
  startFakeVendor,
  startReceiver,
  type VendorReply,
} from './testing';
import { credential, expectSuccess, type SmsSender } from './vendor';

/**
 * The delivery pipeline end to end, on the real app and database: one workflow with in-app,
 * email (SMTP sink), SMS, chat and push steps, each delivered to its local fake; a worker that
 * dies between the vendors' answers and the settle does not send again on recovery; failover,
 * retries with Retry-After and the same idempotency key, invalid push tokens removed, the demo
 * outbox.
 *
 * The SMS vendor here is a test adapter (registered through the delivery options) speaking to
 * a fake with an idempotency-key header: the SMS vendor adapters live in sms/.
 */

type Detail = { code: number; status: string; detail: string; channel: string | null };

const testSms: SmsSender = async (ctx, message) => {
  const answer = await ctx.http({
    url: `${ctx.origin('https://sms.vendor.invalid')}/v1/messages`,
    headers: {
      authorization: `Bearer ${credential(ctx.credentials, 'apiKey')}`,
      'idempotency-key': ctx.idempotencyKey,
    },
    json: { from: credential(ctx.credentials, 'from'), to: message.to, text: message.content },
  });
  expectSuccess('SMS', answer);
  return { messageId: String((answer.json as { id?: string }).id), raw: `HTTP ${answer.status}` };
};

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const serviceAccount = {
  project_id: 'fc',
  client_email: 'push@fc.iam.gserviceaccount.com',
  private_key: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

describe('the delivery pipeline', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let chat: Receiver;
  let sms: FakeVendor;
  let smsBackup: FakeVendor;
  let fcm: FakeVendor;
  let smsReply: (to: string) => VendorReply = () => ({ status: 201, body: { id: 'sms-1' } });
  let crashes = 0;
  const delivery: DeliveryOptions = {
    ...LOOPBACK_DELIVERY,
    senders: { sms: { telnyx: testSms, plivo: testSms } },
    retry: { attempts: 3, baseMs: 1_000 },
    random: () => 0.5,
    beforeSettle: () => {
      if (crashes > 0) {
        crashes -= 1;
        throw new Error('worker killed between send and settle');
      }
    },
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    chat = await startReceiver();
    sms = await startFakeVendor((call) => {
      if (call.headers.authorization !== 'Bearer sms-key') return { status: 401, body: { error: 'auth' } };
      return smsReply((call.body as { to: string }).to);
    });
    smsBackup = await startFakeVendor(() => ({ status: 201, body: { id: 'backup-1' } }));
    fcm = await startFakeVendor((call) => {
      if (call.path === '/token') return { status: 200, body: { access_token: 'ya29.t', expires_in: 3600 } };
      const token = (call.body as { message: { token: string } }).message.token;
      if (token === 'dead-token')
        return {
          status: 404,
          body: { error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } },
        };
      return { status: 200, body: { name: `projects/fc/messages/${token}` } };
    });
    delivery.origins = { telnyx: sms.origin, plivo: smsBackup.origin, fcm: fcm.origin };
    t = await createTestApp({ notify: { delivery } });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([sink.stop(), chat.stop(), sms.stop(), smsBackup.stop(), fcm.stop()]);
  });

  let counter = 0;
  async function setup(
    f: NotifyFixture,
    steps: unknown[],
    integrations: { providerId: string; channel: string; credentials: Record<string, unknown> }[],
    subscriber: Record<string, unknown>,
  ) {
    counter += 1;
    const name = `pipeline-${counter}`;
    expect((await f.v1('POST', '/v1/workflows', { name, triggerIdentifier: name, steps })).statusCode).toBe(
      201,
    );
    for (const integration of integrations)
      expect((await f.v1('POST', '/v1/integrations', integration)).statusCode).toBe(201);
    const subscriberId = `pipe-${counter}`;
    await f.v1('POST', '/v1/subscribers', { subscriberId, firstName: 'Asha', ...subscriber });
    const transactionId = `pipe-tx-${counter}`;
    const read = async () => ({
      details: (await f.v1('GET', `/v1/execution-details?transactionId=${transactionId}`)).json()
        .data as Detail[],
      jobs: (
        await t.database.db
          .selectFrom('notifyJobs')
          .select(['type', 'status', 'runAt'])
          .where('transactionId', '=', transactionId)
          .where('environmentId', '=', f.environment.id)
          .orderBy('stepIndex')
          .execute()
      ).map((job) => ({ type: job.type, status: job.status, runAt: job.runAt })),
    });
    const trigger = async (payload: Record<string, unknown> = {}) => {
      const response = await triggerAndWait(t, f, { name, to: subscriberId, payload, transactionId });
      expect(response.statusCode).toBe(201);
      return read();
    };
    return { trigger, read, subscriberId };
  }

  const smtp = () => ({
    providerId: 'nodemailer',
    channel: 'email',
    credentials: {
      host: '127.0.0.1',
      port: Number(new URL(sink.url).port),
      from: 'alerts@forecourt.test',
      senderName: 'Forecourt',
    },
  });
  const telnyx = {
    providerId: 'telnyx',
    channel: 'sms',
    credentials: { apiKey: 'sms-key', from: '+15550001' },
  };

  it('delivers in-app, email, SMS, chat and push once each, even when the worker dies before settling', async () => {
    const f = await createNotifyFixture(t);
    const { trigger, read } = await setup(
      f,
      [
        { type: 'in_app', content: 'Tank {{payload.tank}} low' },
        { type: 'email', subject: 'Tank {{payload.tank}}', content: '<p>Tank {{payload.tank}} low</p>' },
        { type: 'sms', content: 'Tank {{payload.tank}} low' },
        { type: 'chat', content: 'Tank {{payload.tank}} low' },
        { type: 'push', subject: 'Tank', content: 'Tank {{payload.tank}} low' },
      ],
      [
        smtp(),
        telnyx,
        {
          providerId: 'slack',
          channel: 'chat',
          credentials: { applicationId: 'A', clientId: 'C', secretKey: 's' },
        },
        { providerId: 'fcm', channel: 'push', credentials: { serviceAccount } },
      ],
      {
        email: 'asha@example.com',
        phone: '+919812345678',
        channels: [
          { providerId: 'slack', credentials: { webhookUrl: `${chat.url}/hooks/e2e` } },
          { providerId: 'fcm', credentials: { deviceTokens: ['phone-1'] } },
        ],
      },
    );
    const before = { mail: sink.messages.length, sms: sms.calls.length, chat: chat.received.length };
    crashes = 1;
    const crashed = await trigger({ tank: 'T2' });
    // The in-app step settled with the worker; the others were sent, then the worker "died".
    expect(crashed.jobs.map((job) => `${job.type}:${job.status}`)).toEqual([
      'in_app:completed',
      'email:running',
      'sms:running',
      'chat:running',
      'push:running',
    ]);
    // Recovery as at a restart once the dead worker's lease has run out: its running jobs are
    // queued again and their events worked.
    t.clock.advance(DEFAULT_LEASE.ms + 1);
    for (const eventId of await pendingEventIds(t.database.db, t.clock.now()))
      t.app.notify.queue.enqueue(eventId);
    await t.app.notify.queue.drain();
    const { jobs, details } = await read();
    expect(jobs.map((job) => `${job.type}:${job.status}`)).toEqual([
      'in_app:completed',
      'email:completed',
      'sms:completed',
      'chat:completed',
      'push:completed',
    ]);
    // Each vendor got exactly one message.
    expect(sink.messages.length - before.mail).toBe(1);
    expect(sink.messages.at(-1)?.subject).toBe('Tank T2');
    expect(sms.calls.length - before.sms).toBe(1);
    expect(sms.calls.at(-1)?.body).toMatchObject({ to: '+919812345678', text: 'Tank T2 low' });
    expect(chat.received.length - before.chat).toBe(1);
    expect(fcm.calls.filter((c) => c.path.endsWith('messages:send'))).toHaveLength(1);
    // One success detail per channel, from the recorded sends.
    for (const channel of ['email', 'sms', 'chat', 'push'])
      expect(
        details.filter((d) => d.channel === channel && d.status === 'Success'),
        channel,
      ).toHaveLength(1);
    expect(details.filter((d) => d.code === 1007)).toHaveLength(1);
  });

  it('retries a 429 after its Retry-After with the same idempotency key, then completes', async () => {
    const f = await createNotifyFixture(t);
    const { trigger, read } = await setup(f, [{ type: 'sms', content: 'hello' }], [telnyx], {
      phone: '+919800000001',
    });
    let calls = 0;
    smsReply = () => {
      calls += 1;
      return calls === 1
        ? { status: 429, headers: { 'retry-after': '120' }, body: { error: 'slow down' } }
        : { status: 201, body: { id: 'sms-2' } };
    };
    const start = sms.calls.length;
    const first = await trigger();
    expect(first.jobs[0]?.status).toBe('delayed');
    // Retry-After (120 s) wins over the 1 s back-off.
    expect(first.jobs[0]?.runAt).toBe(t.clock.now() + 120_000);
    expect(first.details.find((d) => d.status === 'Warning')?.detail).toMatch(
      /HTTP 429.*attempt 1, transient/,
    );
    t.clock.advance(60_000);
    expect(await t.app.notify.scheduler.tick()).toBe(0); // not due yet
    t.clock.advance(60_000);
    await t.app.notify.scheduler.tick();
    await t.app.notify.queue.drain();
    const { jobs, details } = await read();
    expect(jobs[0]?.status).toBe('completed');
    const keys = sms.calls.slice(start).map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^fc-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(details.map((d) => d.status)).toEqual(expect.arrayContaining(['Warning', 'Pending', 'Success']));
    smsReply = () => ({ status: 201, body: { id: 'sms-1' } });
  });

  it('fails over to the next SMS integration on a permanent failure of the primary, unless the step says not to', async () => {
    const f = await createNotifyFixture(t);
    smsReply = () => ({ status: 400, body: { error: 'unknown sender id' } });
    const integrations = [
      telnyx,
      { providerId: 'plivo', channel: 'sms', credentials: { accountSid: 'A', token: 'T', from: '+1555' } },
    ];
    const withFailover = await setup(f, [{ type: 'sms', content: 'x' }], integrations, {
      phone: '+919800000002',
    });
    const backupBefore = smsBackup.calls.length;
    const done = await withFailover.trigger();
    expect(done.jobs[0]?.status).toBe('completed');
    expect(smsBackup.calls.length - backupBefore).toBe(1);
    expect(done.details.map((d) => `${d.code}:${d.status}`)).toEqual(
      expect.arrayContaining(['1004:Failed', '1009:Success']),
    );
    const g = await createNotifyFixture(t);
    const primaryOnly = await setup(g, [{ type: 'sms', content: 'x', failover: false }], integrations, {
      phone: '+919800000003',
    });
    const failed = await primaryOnly.trigger();
    expect(failed.jobs[0]?.status).toBe('failed');
    expect(smsBackup.calls.length - backupBefore).toBe(1);
    expect(failed.details.find((d) => d.code === 1004 && d.status === 'Failed')?.detail).toMatch(
      /unknown sender id/,
    );
    smsReply = () => ({ status: 201, body: { id: 'sms-1' } });
  });

  it("removes device tokens the vendor reports as unregistered from the subscriber's credentials", async () => {
    const f = await createNotifyFixture(t);
    const { trigger, subscriberId } = await setup(
      f,
      [{ type: 'push', subject: 'T', content: 'c' }],
      [{ providerId: 'fcm', channel: 'push', credentials: { serviceAccount } }],
      { channels: [{ providerId: 'fcm', credentials: { deviceTokens: ['live-token', 'dead-token'] } }] },
    );
    const { jobs, details } = await trigger();
    expect(jobs[0]?.status).toBe('completed');
    expect(details.find((d) => d.status === 'Success')?.detail).toMatch(
      /1 invalid device token\(s\) removed/,
    );
    const row = await t.database.db
      .selectFrom('notifySubscribers')
      .select('channels')
      .where('environmentId', '=', f.environment.id)
      .where('subscriberId', '=', subscriberId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.channels)).toEqual([
      { providerId: 'fcm', credentials: { deviceTokens: ['live-token'] } },
    ]);
  });

  it('sends the demo providers to the local outbox (Mailbox) and records the missing provider codes', async () => {
    const f = await createNotifyFixture(t);
    const { trigger } = await setup(
      f,
      [
        { type: 'email', subject: 'Demo {{payload.n}}', content: '<p>mail {{payload.n}}</p>' },
        { type: 'sms', content: 'sms {{payload.n}}' },
      ],
      [
        {
          providerId: 'novu-email',
          channel: 'email',
          credentials: { from: 'demo@forecourt.local', senderName: 'Forecourt' },
        },
        { providerId: 'novu-sms', channel: 'sms', credentials: {} },
      ],
      { email: 'demo@example.com', phone: '+919811111111' },
    );
    const { jobs } = await trigger({ n: 7 });
    expect(jobs.map((job) => job.status)).toEqual(['completed', 'completed']);
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'textBody'])
      .where('organizationId', '=', f.organization.id)
      // The two channels are sent concurrently: their order in the outbox is not fixed.
      .orderBy('recipient')
      .execute();
    expect(outbox).toEqual([
      { recipient: '+919811111111', subject: 'SMS to +919811111111', textBody: 'sms 7' },
      { recipient: 'demo@example.com', subject: 'Demo 7', textBody: 'mail 7' },
    ]);

    const g = await createNotifyFixture(t);
    const missing = await setup(
      g,
      [
        { type: 'sms', content: 'x' },
        { type: 'push', content: 'y' },
      ],
      [{ providerId: 'novu-sms', channel: 'sms', credentials: {} }],
      {},
    );
    const result = await missing.trigger();
    const codes = result.details.filter((d) => d.status === 'Failed').map((d) => d.code);
    // No phone number (3003), no active push integration (3009).
    expect(codes).toContain(3003);
    expect(codes).toContain(3009);
  });
});

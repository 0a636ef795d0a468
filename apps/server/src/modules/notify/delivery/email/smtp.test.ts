import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../../../test/smtp-sink';
import { createVendorHttp } from '../outbound';
import { deadPort, LOOPBACK_DELIVERY } from '../testing';
import { DeliveryError, type SendContext } from '../vendor';
import { emailjs } from './emailjs';
import { outlook365 } from './outlook365';
import { MESSAGE, SENDER } from './testing';

/** A context whose SMTP origin is `origin` (or the adapter's own default when undefined). */
function smtpContext(
  credentials: Record<string, unknown>,
  origin?: string,
): SendContext & { asked: string[] } {
  const asked: string[] = [];
  return {
    credentials,
    http: createVendorHttp({ network: LOOPBACK_DELIVERY.network }),
    network: LOOPBACK_DELIVERY.network,
    idempotencyKey: 'job-1:integration-1',
    now: Date.now,
    origin: (defaultOrigin) => {
      asked.push(defaultOrigin);
      return origin ?? defaultOrigin;
    },
    asked,
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as DeliveryError,
  );

describe('emailjs over SMTP (local sink)', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'ops@forecourt.example', pass: 'smtp-pass' });
  });
  afterAll(() => sink.stop());
  const credentials = () => ({
    ...SENDER,
    host: '127.0.0.1',
    port: Number(new URL(sink.url).port),
    secure: false,
    user: 'ops@forecourt.example',
    password: 'smtp-pass',
  });

  it('logs in and delivers the message to the host and port of the integration', async () => {
    const before = sink.messages.length;
    const ctx = smtpContext(credentials());
    const outcome = await emailjs(ctx, MESSAGE);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(ctx.asked).toEqual([`smtp://127.0.0.1:${new URL(sink.url).port}`]);
    expect(mail).toMatchObject({
      to: [MESSAGE.to],
      subject: MESSAGE.subject,
      authUser: 'ops@forecourt.example',
    });
    expect(mail?.from).toBe(SENDER.from);
    expect(outcome.messageId).toMatch(/^<.+>$/);
  });

  it('a refused password is permanent and the error does not hold it', async () => {
    const error = await failure(emailjs(smtpContext({ ...credentials(), password: 'wrong-pass' }), MESSAGE));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error?.kind).toBe('permanent');
    expect(error?.message).not.toContain('wrong-pass');
  });

  it('a server that does not answer is transient', async () => {
    const error = await failure(emailjs(smtpContext({ ...credentials(), port: await deadPort() }), MESSAGE));
    expect(error?.kind).toBe('transient');
  });
});

describe('outlook365 over SMTP with STARTTLS (local sink)', () => {
  const credentials = { ...SENDER, password: 'o365-pass' };
  let tlsSink: SmtpSink;
  let plainSink: SmtpSink;
  beforeAll(async () => {
    const login = { user: SENDER.from, pass: 'o365-pass' };
    tlsSink = await startSmtpSink(login, { starttls: true });
    plainSink = await startSmtpSink(login);
  });
  afterAll(async () => {
    await tlsSink.stop();
    await plainSink.stop();
  });
  afterEach(() => {
    delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  });
  const origin = (sink: SmtpSink) => `smtp://127.0.0.1:${new URL(sink.url).port}`;

  it('defaults to smtp.office365.com on port 587', async () => {
    const ctx = smtpContext(credentials, 'smtp://127.0.0.1:1');
    await failure(outlook365(ctx, MESSAGE));
    expect(ctx.asked).toEqual(['smtp://smtp.office365.com:587']);
  });

  it('upgrades to TLS, logs in as the from address and delivers', async () => {
    // The sink's certificate is self-signed: trusted for this test only (the adapter verifies).
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    await outlook365(smtpContext(credentials, origin(tlsSink)), MESSAGE);
    const [mail] = await tlsSink.waitFor(1);
    expect(mail).toMatchObject({
      secure: true,
      authUser: SENDER.from,
      to: [MESSAGE.to],
      subject: MESSAGE.subject,
    });
  });

  it('verifies the server certificate', async () => {
    const error = await failure(outlook365(smtpContext(credentials, origin(tlsSink)), MESSAGE));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(tlsSink.messages).toHaveLength(1);
  });

  it('refuses a server that offers no STARTTLS (permanent), nothing is sent', async () => {
    const error = await failure(outlook365(smtpContext(credentials, origin(plainSink)), MESSAGE));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error?.kind).toBe('permanent');
    expect(plainSink.messages).toHaveLength(0);
  });
});

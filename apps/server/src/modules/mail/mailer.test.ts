import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createUser } from '../../test/factories';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { createTestDatabase } from '../../test/test-database';
import { outboxFor, tokenFromMail } from '../accounts/testing';
import { createMailer } from './mailer';

const message = {
  to: 'a@mail.test',
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  link: 'http://x/y?token=t',
};

function recordingLog() {
  const entries: { data: Record<string, unknown>; message: string }[] = [];
  return { entries, info: (data: object, msg: string) => entries.push({ data: { ...data }, message: msg }) };
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let sink: SmtpSink;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    sink = await startSmtpSink({ user: 'forecourt', pass: 's3cret/pass' });
    database = await createTestDatabase();
    app = await createApp({
      database,
      webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
      auth: { secret: randomBytes(32).toString('base64url') },
      mail: {
        smtpUrl: sink.url,
        appUrl: 'https://app.forecourt.test',
        from: 'Forecourt <mail@forecourt.test>',
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await sink.stop();
  });

  it('delivers signup and reset mail to the SMTP server, with links to APP_URL, and keeps no outbox copy', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'smtp@mail.test',
        password: 'canopy-tanker-lantern-8',
        firstName: 'Ira',
        lastName: 'Das',
      },
    });
    expect(signup.statusCode).toBe(202);
    await createUser(database.db, { email: 'known@mail.test' });
    await app.inject({
      method: 'PUT',
      url: '/api/auth/password/reset',
      payload: { email: 'known@mail.test' },
    });
    await app.backgroundTasks.drain();
    // drain() waited for each send, which resolves only once the server accepted the message.
    expect(sink.messages).toHaveLength(2);
    const verification = sink.messages.find((m) => m.to[0] === 'smtp@mail.test');
    const reset = sink.messages.find((m) => m.to[0] === 'known@mail.test');
    expect(verification).toMatchObject({
      from: 'mail@forecourt.test',
      to: ['smtp@mail.test'],
      subject: 'Confirm your email address',
      authUser: 'forecourt',
    });
    const token = tokenFromMail(verification?.text ?? '', '/verify-email');
    expect(verification?.text).toContain(`https://app.forecourt.test/verify-email?token=${token}`);
    expect(verification?.html).toContain(`href="https://app.forecourt.test/verify-email?token=${token}"`);
    expect(reset).toMatchObject({ to: ['known@mail.test'], subject: 'Reset your Forecourt password' });
    expect(await outboxFor(database.db)).toHaveLength(0);

    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/email/verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('logs recipient and subject but never the link over SMTP', async () => {
    const log = recordingLog();
    const mailer = createMailer({ db: database.db, smtpUrl: sink.url, from: 'f@mail.test', log });
    await mailer.sendMail(message);
    await mailer.close();
    expect(log.entries).toEqual([
      { data: { to: 'a@mail.test', subject: 'Hello' }, message: 'mail sent over SMTP' },
    ]);
  });

  it('fails the send (and so the background task) when the server refuses the credentials', async () => {
    const url = sink.url.replace('s3cret', 'wrong');
    const mailer = createMailer({ db: database.db, smtpUrl: url, from: 'f@mail.test', log: recordingLog() });
    await expect(mailer.sendMail(message)).rejects.toThrow();
    await mailer.close();
  });
});

describe('mail without SMTP (embedded outbox)', () => {
  it('keeps the message in the outbox and logs recipient and subject, never the link', async () => {
    const database = await createTestDatabase();
    try {
      const log = recordingLog();
      const mailer = createMailer({
        db: database.db,
        smtpUrl: null,
        from: 'f@mail.test',
        log,
        clock: () => 1234,
      });
      expect(mailer.mode).toBe('outbox');
      await mailer.sendMail({ ...message, organizationId: null });
      const rows = await outboxFor(database.db);
      expect(rows).toEqual([
        {
          id: expect.any(Number),
          organizationId: null,
          organizationReadsBody: 0,
          recipient: 'a@mail.test',
          subject: 'Hello',
          textBody: 'Hi',
          htmlBody: '<p>Hi</p>',
          createdAt: 1234,
        },
      ]);
      expect(log.entries).toEqual([
        {
          data: { to: 'a@mail.test', subject: 'Hello' },
          message: 'mail kept in the outbox',
        },
      ]);
    } finally {
      await database.dispose();
    }
  });
});

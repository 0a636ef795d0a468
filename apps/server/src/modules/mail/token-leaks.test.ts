import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, loggerOptions } from '../../app';
import {
  createMembership,
  createOrganization,
  createSignedInUser,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { outboxFor } from '../accounts/testing';

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/** Every query-string token of the mails' links (reset, verification, invitation). */
function linkTokens(texts: readonly string[]): string[] {
  return texts.flatMap((text) =>
    [...text.matchAll(/[?&](?:token|invitation)=([A-Za-z0-9_-]{16,})/g)].map((m) => m[1] ?? ''),
  );
}

describe('mailed tokens stay out of logs and out of other people’s Mailbox', () => {
  let database: Database;
  let app: FastifyInstance;
  const logLines: string[] = [];
  let admin: Record<string, string>;
  let member: { email: string; headers: Record<string, string> };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createApp({
      database,
      webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
      auth: { secret: randomBytes(32).toString('base64url') },
      // The production log configuration, at its most verbose, written into `logLines`.
      logger: {
        ...(loggerOptions('trace') as object),
        stream: { write: (line: string) => void logLines.push(line) },
      },
    });
    await app.ready();
    const org = await createOrganization(database.db);
    admin = (await createSignedInUser(database.db, { organizationId: org.id, role: 'admin' })).headers;
    const user = await createUser(database.db, { email: 'member@leaks.test' });
    await createMembership(database.db, { organizationId: org.id, userId: user.id });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'member@leaks.test', password: TEST_PASSWORD },
    });
    member = { email: user.email, headers: { authorization: `Bearer ${login.json().access_token}` } };
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('never writes a reset, verification or invitation token to the log, even when its link is followed', async () => {
    await app.inject({ method: 'PUT', url: '/api/auth/password/reset', payload: { email: member.email } });
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'newcomer@leaks.test',
        password: 'canopy-tanker-lantern-8',
        firstName: 'Ira',
        lastName: 'Das',
      },
    });
    const invited = await app.inject({
      method: 'POST',
      url: '/api/members/invitations',
      headers: admin,
      payload: { email: 'invitee@leaks.test', role: 'member' },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    await app.backgroundTasks.drain();
    const tokens = linkTokens((await outboxFor(database.db)).map((mail) => mail.textBody));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    // The browser opening each link asks the server for the page (the SPA) with the token in the URL.
    for (const [path, name] of [
      ['/reset-password', 'token'],
      ['/verify-email', 'token'],
      ['/signup', 'invitation'],
    ]) {
      for (const token of tokens) await app.inject({ method: 'GET', url: `${path}?${name}=${token}` });
    }
    const log = logLines.join('');
    expect(log).toContain('mail kept in the outbox');
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).toContain('/reset-password?token=[redacted]');
  });

  it('shows an admin that a member was mailed, but not the body with the member’s link', async () => {
    await app.inject({ method: 'PUT', url: '/api/auth/password/reset', payload: { email: member.email } });
    await app.backgroundTasks.drain();
    const list = await app.inject({ method: 'GET', url: '/api/outbox?limit=100', headers: admin });
    expect(list.statusCode).toBe(200);
    const mails = list.json().results as {
      id: number;
      to: string;
      text: string;
      html: string;
      bodyHidden?: boolean;
    }[];
    const resetMail = mails.find((mail) => mail.to === member.email && mail.text !== undefined);
    expect(resetMail).toBeDefined();
    const memberTokens = linkTokens(
      (await outboxFor(database.db, member.email)).map((mail) => mail.textBody),
    );
    expect(memberTokens.length).toBeGreaterThan(0);
    const one = await app.inject({ method: 'GET', url: `/api/outbox/${resetMail?.id}`, headers: admin });
    for (const body of [list.body, one.body]) {
      for (const token of memberTokens) expect(body).not.toContain(token);
    }
    expect(one.json().bodyHidden).toBe(true);
    // The member reads their own mail, link included.
    const own = await app.inject({
      method: 'GET',
      url: `/api/outbox/${resetMail?.id}`,
      headers: member.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(linkTokens([own.json().text])).toHaveLength(1);
    expect(own.json().bodyHidden).toBeUndefined();
    // An invitation the organisation sent stays readable to its admins (to pass the link on).
    const invitation = mails.find((mail) => mail.to === 'invitee@leaks.test');
    expect(invitation?.bodyHidden).toBeUndefined();
    expect(linkTokens([invitation?.text ?? ''])).toHaveLength(1);
  });
});

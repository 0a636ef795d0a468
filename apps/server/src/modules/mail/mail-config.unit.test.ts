import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('mail configuration', () => {
  it('defaults to the embedded outbox with links to localhost:8080', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: null,
      appUrl: 'http://localhost:8080',
      from: 'Forecourt <no-reply@forecourt.local>',
    });
  });

  it('takes SMTP_URL, APP_URL (without a trailing slash) and MAIL_FROM', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pa%24s@mail.example.in:465',
      APP_URL: 'https://ops.example.in/',
      MAIL_FROM: 'Ops <ops@example.in>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pa%24s@mail.example.in:465',
      appUrl: 'https://ops.example.in',
      from: 'Ops <ops@example.in>',
    });
  });

  it('rejects a non-SMTP URL without echoing it (it may hold a password)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });
});

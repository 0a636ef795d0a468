import { describe, expect, it } from 'vitest';
import { NOTIFY_CHANNELS } from './enums';
import { credentialsSchema, findProvider, PROVIDERS, providersOf } from './integrations';

/** The providers per channel the product names, as an independent list to check the catalogue against. */
const SPEC_PROVIDERS = {
  email:
    'emailjs, mailgun, mailjet, mandrill, nodemailer, postmark, sendgrid, sendinblue, ses, netcore, infobip-email, resend, plunk, mailersend, mailtrap, clickatell, outlook365, novu-email, sparkpost, email-webhook',
  sms: 'nexmo, plivo, sms77, sms-central, sns, telnyx, twilio, gupshup, firetext, infobip-sms, burst-sms, clickatell, forty-six-elks, kannel, maqsam, termii, africas-talking, novu-sms, sendchamp, clicksend, bandwidth',
  chat: 'slack, discord, msteams, mattermost, ryver',
  push: 'fcm, apns, expo, one-signal, pushpad, push-webhook',
  in_app: 'novu',
} as const;

const issuesOf = (providerId: string, channel: (typeof NOTIFY_CHANNELS)[number], input: unknown) => {
  const provider = findProvider(providerId, channel);
  if (!provider) throw new Error(`no ${providerId}`);
  const result = credentialsSchema(provider).safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
};

describe('provider catalogue', () => {
  it('has every provider the product names, per channel, and nothing else', () => {
    for (const channel of NOTIFY_CHANNELS) {
      const expected = SPEC_PROVIDERS[channel].split(', ');
      expect(providersOf(channel).map((p) => p.id)).toEqual(expected);
    }
    expect(PROVIDERS).toHaveLength(Object.values(SPEC_PROVIDERS).join(', ').split(', ').length);
  });

  it('gives every field a key, a label, a known type and unique keys per provider', () => {
    for (const provider of PROVIDERS) {
      expect(provider.displayName.length).toBeGreaterThan(0);
      const keys = provider.fields.map((f) => f.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const f of provider.fields) expect(f.label.length).toBeGreaterThan(0);
    }
  });

  it('follows the required fields the product names', () => {
    const required = (id: string, channel: (typeof NOTIFY_CHANNELS)[number]) =>
      findProvider(id, channel)
        ?.fields.filter((f) => f.required)
        .map((f) => f.key);
    expect(required('nodemailer', 'email')).toEqual(['host', 'port', 'from', 'senderName']);
    expect(required('email-webhook', 'email')).toEqual(['webhookUrl', 'secretKey']);
    expect(required('push-webhook', 'push')).toEqual(['webhookUrl', 'secretKey']);
    expect(required('slack', 'chat')).toEqual(['applicationId', 'clientId', 'secretKey']);
    expect(required('fcm', 'push')).toEqual(['serviceAccount']);
    expect(required('apns', 'push')).toEqual(['secretKey', 'apiKey', 'projectName', 'applicationId']);
    for (const provider of providersOf('email').filter(
      (p) => !['email-webhook', 'novu-email'].includes(p.id),
    ))
      expect(required(provider.id, 'email')).toEqual(expect.arrayContaining(['from', 'senderName']));
    const smtp = findProvider('nodemailer', 'email');
    expect(smtp?.fields.map((f) => f.key)).toEqual(
      expect.arrayContaining(['user', 'password', 'tlsOptions', 'domain', 'secretKey', 'accountSid']),
    );
  });

  it('flags secrets', () => {
    const secrets = (id: string, channel: (typeof NOTIFY_CHANNELS)[number]) =>
      findProvider(id, channel)
        ?.fields.filter((f) => f.secret)
        .map((f) => f.key);
    expect(secrets('nodemailer', 'email')).toEqual(['password', 'secretKey']);
    expect(secrets('push-webhook', 'push')).toEqual(['webhookUrl', 'secretKey']);
    expect(secrets('twilio', 'sms')).toEqual(['token']);
    expect(secrets('fcm', 'push')).toEqual(['serviceAccount']);
    for (const provider of PROVIDERS)
      for (const f of provider.fields)
        if (['password', 'apiKey', 'token'].includes(f.key) && f.type !== 'string')
          expect(f.secret).toBe(true);
  });

  it('names a missing required credential', () => {
    expect(issuesOf('nodemailer', 'email', { port: 25, from: 'a@b.example', senderName: 'A' })).toEqual([
      expect.objectContaining({ path: ['host'] }),
    ]);
    expect(
      issuesOf('push-webhook', 'push', { webhookUrl: 'https://hooks.example/p', secretKey: '' }),
    ).toEqual([expect.objectContaining({ path: ['secretKey'] })]);
  });

  it('checks types: port range, URLs (http(s), ≤2000), emails, switches, JSON objects, selects', () => {
    const smtp = { host: 'h', port: '2525', from: 'a@b.example', senderName: 'A' };
    expect(issuesOf('nodemailer', 'email', smtp)).toEqual([]);
    expect(credentialsSchema(findProvider('nodemailer')!).parse({ ...smtp, secure: 'false' })).toMatchObject({
      port: 2525,
      secure: false,
    });
    expect(issuesOf('nodemailer', 'email', { ...smtp, port: 70_000 })[0]?.path).toEqual(['port']);
    expect(issuesOf('nodemailer', 'email', { ...smtp, from: 'nope' })[0]?.path).toEqual(['from']);
    expect(
      credentialsSchema(findProvider('nodemailer')!).parse({
        ...smtp,
        tlsOptions: '{"rejectUnauthorized":false}',
      }),
    ).toMatchObject({ tlsOptions: { rejectUnauthorized: false } });
    expect(issuesOf('nodemailer', 'email', { ...smtp, tlsOptions: 'not json' })[0]?.path).toEqual([
      'tlsOptions',
    ]);
    const hook = { secretKey: 's' };
    expect(issuesOf('email-webhook', 'email', { ...hook, webhookUrl: 'ftp://x.example/' })[0]?.path).toEqual([
      'webhookUrl',
    ]);
    expect(
      issuesOf('email-webhook', 'email', { ...hook, webhookUrl: `https://x.example/${'a'.repeat(2000)}` })[0]
        ?.path,
    ).toEqual(['webhookUrl']);
    const spark = { apiKey: 'k', from: 'a@b.example', senderName: 'A' };
    expect(issuesOf('sparkpost', 'email', { ...spark, region: 'eu' })).toEqual([]);
    expect(issuesOf('sparkpost', 'email', { ...spark, region: 'mars' })[0]?.path).toEqual(['region']);
  });

  it('drops empty optional values and refuses unknown keys that carry a value', () => {
    const smtp = { host: 'h', port: 25, from: 'a@b.example', senderName: 'A' };
    expect(credentialsSchema(findProvider('nodemailer')!).parse({ ...smtp, user: '', extra: null })).toEqual(
      smtp,
    );
    expect(issuesOf('nodemailer', 'email', { ...smtp, apiKey: 'x' })).toHaveLength(1);
  });

  it('tells a provider id used by two channels apart', () => {
    expect(findProvider('clickatell', 'email')?.channel).toBe('email');
    expect(findProvider('clickatell', 'sms')?.channel).toBe('sms');
  });
});

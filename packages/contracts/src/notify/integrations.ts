import { z } from 'zod';
import { MAX_URI_LENGTH } from '../checks';
import { type TNotifyChannel, ZNotifyChannel } from './enums';

/**
 * The provider catalogue of the notification platform (docs/PRODUCT.md, "Provider integrations"
 * and "Input checks" for the form rules). Every provider of every
 * channel is here with the credential fields its integration form shows, so forms are generated
 * from this data and the server validates a provider's credentials with `credentialsSchema`.
 *
 * Field keys are the credential keys of Novu's integrations API (so `@novu/node` code that creates
 * integrations sends the same keys). Where Novu reuses a generic key for a provider-specific value
 * the label says what it holds, e.g. custom SMTP keeps its DKIM selector in `accountSid`.
 *
 * `delivers` says whether this version really sends through the provider; the others are stored
 * and validated, and a step using them records a provider error.
 */

/** Form control kinds: string, number, boolean, switch, text, password, object, plus url, email and select. */
export const CREDENTIAL_FIELD_TYPES = [
  'string',
  'text',
  'password',
  'number',
  'boolean',
  'switch',
  'object',
  'url',
  'email',
  'select',
] as const;
export type TCredentialFieldType = (typeof CREDENTIAL_FIELD_TYPES)[number];

export type TCredentialField = {
  key: string;
  label: string;
  type: TCredentialFieldType;
  required: boolean;
  /** Never returned by the API once stored (shown as set or not set). */
  secret: boolean;
  hint?: string;
  placeholder?: string;
  /** select: the allowed values. */
  options?: readonly { value: string; label: string }[];
  /** number: inclusive bounds. */
  min?: number;
  max?: number;
};

export type TProvider = {
  id: string;
  displayName: string;
  channel: TNotifyChannel;
  /** Whether this version delivers through it (see docs/API.md "Delivery"). */
  delivers: boolean;
  /** Channel credentials the subscriber must have for this provider (chat webhook, push tokens). */
  subscriberCredential?: 'webhookUrl' | 'deviceTokens';
  fields: readonly TCredentialField[];
};

const FROM_HINT = 'Use the address your account with the provider is allowed to send from.';

type FieldOptions = Partial<Omit<TCredentialField, 'key' | 'label' | 'type'>>;
const field = (
  key: string,
  label: string,
  type: TCredentialFieldType,
  options: FieldOptions = {},
): TCredentialField => ({
  key,
  label,
  type,
  required: options.required ?? true,
  secret: options.secret ?? type === 'password',
  ...options,
});
const optional = (f: TCredentialField): TCredentialField => ({ ...f, required: false });

const apiKey = (label = 'API key') => field('apiKey', label, 'password');
const secretKey = (label = 'Secret key') => field('secretKey', label, 'password');
const user = (label = 'User name') => field('user', label, 'string');
const password = (label = 'Password') => field('password', label, 'password');
const token = (label = 'Auth token') => field('token', label, 'password');
const accountSid = (label = 'Account SID') => field('accountSid', label, 'string');
const region = (label = 'Region') => field('region', label, 'string', { placeholder: 'us-east-1' });
const baseUrl = (label = 'Base URL') => field('baseUrl', label, 'url');
const webhookUrl = (label = 'Webhook URL') =>
  field('webhookUrl', label, 'url', {
    secret: true,
    hint: 'Requests are signed with the secret key (header x-forecourt-signature).',
  });
const emailFrom = () => field('from', 'From address', 'email', { hint: FROM_HINT });
const senderName = () => field('senderName', 'Sender name', 'string');
const smsFrom = () => field('from', 'From (number or sender id)', 'string');
const host = () => field('host', 'Host', 'string', { placeholder: 'smtp.example.com' });
const port = () => field('port', 'Port', 'number', { min: 1, max: 65535, placeholder: '587' });

/** Email providers generally need a from address and a sender name. */
const emailProvider = (
  id: string,
  displayName: string,
  fields: readonly TCredentialField[],
  extra: Partial<TProvider> = {},
): TProvider => ({
  id,
  displayName,
  channel: 'email',
  delivers: false,
  fields: [...fields, emailFrom(), senderName()],
  ...extra,
});
const provider = (
  channel: TNotifyChannel,
  id: string,
  displayName: string,
  fields: readonly TCredentialField[],
  extra: Partial<TProvider> = {},
): TProvider => ({ id, displayName, channel, delivers: false, fields, ...extra });
const sms = (
  id: string,
  displayName: string,
  fields: readonly TCredentialField[],
  extra: Partial<TProvider> = {},
) => provider('sms', id, displayName, fields, extra);
/** SMS providers this version sends through (apps/server/src/modules/notify/delivery/sms). */
const DELIVERS = { delivers: true } as const;

export const PROVIDERS: readonly TProvider[] = [
  // email
  emailProvider(
    'emailjs',
    'EmailJS',
    [
      host(),
      port(),
      field('secure', 'Use TLS from the start', 'switch', { required: false }),
      user(),
      password(),
    ],
    { delivers: true },
  ),
  emailProvider(
    'mailgun',
    'Mailgun',
    [
      apiKey(),
      user('User name (usually "api")'),
      field('domain', 'Sending domain', 'string'),
      optional(baseUrl('Base URL (EU accounts: the EU endpoint)')),
    ],
    { delivers: true },
  ),
  emailProvider('mailjet', 'Mailjet', [apiKey(), secretKey('Secret key')], { delivers: true }),
  emailProvider('mandrill', 'Mandrill', [apiKey()], { delivers: true }),
  emailProvider(
    'nodemailer',
    'Custom SMTP',
    [
      host(),
      port(),
      field('secure', 'Secure (TLS from the start, usually port 465)', 'switch', { required: false }),
      field('requireTls', 'Require STARTTLS', 'switch', { required: false }),
      field('ignoreTls', 'Never use STARTTLS', 'switch', { required: false }),
      field('tlsOptions', 'TLS options (JSON)', 'object', {
        required: false,
        hint: 'Node TLS options, e.g. {"rejectUnauthorized": false} for a self-signed certificate.',
        placeholder: '{"rejectUnauthorized": true}',
      }),
      optional(user()),
      optional(password()),
      field('domain', 'DKIM: domain name', 'string', { required: false, placeholder: 'example.com' }),
      field('secretKey', 'DKIM: private key (PEM)', 'text', { required: false, secret: true }),
      field('accountSid', 'DKIM: key selector', 'string', { required: false, placeholder: 'mail' }),
    ],
    { delivers: true },
  ),
  emailProvider('postmark', 'Postmark', [apiKey('Server token')], { delivers: true }),
  emailProvider(
    'sendgrid',
    'SendGrid',
    [
      apiKey(),
      field('region', 'Region', 'select', {
        required: false,
        options: [
          { value: 'global', label: 'Global (US)' },
          { value: 'eu', label: 'EU' },
        ],
        hint: 'Choose EU when your SendGrid account is hosted in the EU data centre.',
      }),
      field('ipPoolName', 'IP pool name', 'string', { required: false }),
    ],
    { delivers: true },
  ),
  emailProvider('sendinblue', 'Sendinblue (Brevo)', [apiKey()], { delivers: true }),
  emailProvider('ses', 'Amazon SES', [apiKey('Access key id'), secretKey('Secret access key'), region()], {
    delivers: true,
  }),
  emailProvider('netcore', 'Netcore', [apiKey()], { delivers: true }),
  emailProvider('infobip-email', 'Infobip', [baseUrl(), apiKey()], { delivers: true }),
  emailProvider('resend', 'Resend', [apiKey()], { delivers: true }),
  emailProvider('plunk', 'Plunk', [apiKey()], { delivers: true }),
  emailProvider('mailersend', 'MailerSend', [apiKey('API token')], { delivers: true }),
  emailProvider('mailtrap', 'Mailtrap', [apiKey('API token')], { delivers: true }),
  emailProvider('clickatell', 'Clickatell', [apiKey()]),
  emailProvider('outlook365', 'Microsoft Outlook 365', [password('Password (of the from mailbox)')], {
    delivers: true,
  }),
  emailProvider('novu-email', 'Built-in email (demo: the local Mailbox)', [], { delivers: true }),
  emailProvider(
    'sparkpost',
    'SparkPost',
    [
      apiKey(),
      field('region', 'Region', 'select', {
        required: false,
        options: [
          { value: 'default', label: 'Default' },
          { value: 'eu', label: 'EU' },
        ],
        hint: 'Choose EU when your SparkPost account was opened in the EU region.',
      }),
    ],
    { delivers: true },
  ),
  {
    id: 'email-webhook',
    displayName: 'Email webhook',
    channel: 'email',
    delivers: true,
    fields: [webhookUrl(), secretKey('Signing secret'), optional(emailFrom()), optional(senderName())],
  },

  // sms
  sms('nexmo', 'Vonage (Nexmo)', [apiKey(), secretKey('API secret'), smsFrom()], DELIVERS),
  sms('plivo', 'Plivo', [accountSid('Auth id'), token(), smsFrom()], DELIVERS),
  sms('sms77', 'sms77', [apiKey(), smsFrom()], DELIVERS),
  sms('sms-central', 'SMS Central', [user(), password(), smsFrom(), optional(baseUrl())], DELIVERS),
  sms('sns', 'Amazon SNS', [apiKey('Access key id'), secretKey('Secret access key'), region()], DELIVERS),
  sms(
    'telnyx',
    'Telnyx',
    [apiKey(), smsFrom(), field('messageProfileId', 'Messaging profile id', 'string', { required: false })],
    DELIVERS,
  ),
  sms('twilio', 'Twilio', [accountSid(), token(), smsFrom()], DELIVERS),
  sms('gupshup', 'Gupshup', [user(), password()], DELIVERS),
  sms('firetext', 'Firetext', [apiKey(), smsFrom()], DELIVERS),
  sms('infobip-sms', 'Infobip', [baseUrl(), apiKey(), smsFrom()], DELIVERS),
  sms('burst-sms', 'Burst SMS', [apiKey(), secretKey('API secret'), optional(smsFrom())], DELIVERS),
  sms('clickatell', 'Clickatell', [apiKey()], DELIVERS),
  sms('forty-six-elks', '46elks', [user('API user name'), password('API password'), smsFrom()], DELIVERS),
  sms('kannel', 'Kannel', [host(), port(), smsFrom(), optional(user()), optional(password())], DELIVERS),
  sms('maqsam', 'Maqsam', [apiKey('Access key id'), secretKey('Access secret'), smsFrom()], DELIVERS),
  sms('termii', 'Termii', [apiKey(), smsFrom()], DELIVERS),
  sms('africas-talking', "Africa's Talking", [user(), apiKey(), smsFrom()], DELIVERS),
  provider('sms', 'novu-sms', 'Built-in SMS (demo: the local Mailbox)', [], { delivers: true }),
  sms('sendchamp', 'Sendchamp', [apiKey(), smsFrom()], DELIVERS),
  sms('clicksend', 'ClickSend', [user(), apiKey()], DELIVERS),
  sms(
    'bandwidth',
    'Bandwidth',
    [
      user(),
      password(),
      accountSid('Account id'),
      field('applicationId', 'Messaging application id', 'string', {
        hint: 'The Bandwidth application your sending number belongs to.',
      }),
      smsFrom(),
    ],
    DELIVERS,
  ),

  // chat: the webhook URL is the subscriber's (channel credentials), per provider
  provider(
    'chat',
    'slack',
    'Slack',
    [
      field('applicationId', 'Application id', 'string'),
      field('clientId', 'Client id', 'string'),
      secretKey('Client secret'),
      field('redirectUrl', 'Redirect URL (after the OAuth install)', 'url', { required: false }),
      field('hmac', 'Protect the OAuth redirect with an HMAC', 'switch', { required: false }),
    ],
    { delivers: true, subscriberCredential: 'webhookUrl' },
  ),
  provider('chat', 'discord', 'Discord', [], { delivers: true, subscriberCredential: 'webhookUrl' }),
  provider('chat', 'msteams', 'Microsoft Teams', [], { delivers: true, subscriberCredential: 'webhookUrl' }),
  provider('chat', 'mattermost', 'Mattermost', [], { delivers: true, subscriberCredential: 'webhookUrl' }),
  provider('chat', 'ryver', 'Ryver', [], { delivers: true, subscriberCredential: 'webhookUrl' }),

  // push: device tokens are the subscriber's, per provider
  provider(
    'push',
    'fcm',
    'Firebase Cloud Messaging',
    [
      field('serviceAccount', 'Service account (JSON)', 'object', {
        secret: true,
        hint: 'The whole JSON key file of a service account of the Firebase project.',
      }),
    ],
    { delivers: true, subscriberCredential: 'deviceTokens' },
  ),
  provider(
    'push',
    'apns',
    'Apple Push Notification service',
    [
      field('secretKey', 'Private key (.p8)', 'text', { secret: true }),
      field('apiKey', 'Key id', 'string'),
      field('projectName', 'Team id', 'string'),
      field('applicationId', 'Bundle id', 'string'),
      field('secure', 'Production', 'switch', { required: false }),
    ],
    { delivers: true, subscriberCredential: 'deviceTokens' },
  ),
  provider('push', 'expo', 'Expo', [apiKey('Access token')], {
    delivers: true,
    subscriberCredential: 'deviceTokens',
  }),
  provider('push', 'one-signal', 'OneSignal', [field('applicationId', 'App id', 'string'), apiKey()], {
    delivers: true,
    subscriberCredential: 'deviceTokens',
  }),
  provider(
    'push',
    'pushpad',
    'Pushpad',
    [apiKey('Auth token'), field('applicationId', 'Project id', 'string')],
    { delivers: true, subscriberCredential: 'deviceTokens' },
  ),
  provider('push', 'push-webhook', 'Push webhook', [webhookUrl(), secretKey('Signing secret')], {
    delivers: true,
    subscriberCredential: 'deviceTokens',
  }),

  // in-app
  provider('in_app', 'novu', 'In-app inbox', [], { delivers: true }),
];

/** Providers by id and channel (an id such as `clickatell` exists for two channels). */
export function findProvider(providerId: string, channel?: TNotifyChannel): TProvider | undefined {
  return PROVIDERS.find(
    (entry) => entry.id === providerId && (channel === undefined || entry.channel === channel),
  );
}

export const providersOf = (channel: TNotifyChannel) => PROVIDERS.filter((p) => p.channel === channel);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

const asBoolean = (value: unknown) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

function fieldSchema(f: TCredentialField): z.ZodType {
  switch (f.type) {
    case 'number': {
      let schema = z.coerce.number({ error: 'must be a number' }).int('must be a whole number');
      if (f.min !== undefined) schema = schema.min(f.min);
      if (f.max !== undefined) schema = schema.max(f.max);
      return schema;
    }
    case 'boolean':
    case 'switch':
      return z.preprocess(asBoolean, z.boolean({ error: 'must be true or false' }));
    case 'url':
      return z
        .string()
        .trim()
        .max(MAX_URI_LENGTH)
        .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));
    case 'email':
      return z
        .string()
        .trim()
        .max(320)
        .pipe(z.email({ error: 'must be an email address' }));
    case 'select':
      return z.enum((f.options ?? []).map((option) => option.value) as [string, ...string[]]);
    case 'object':
      // An object, or its JSON text (a pasted key file).
      return z.preprocess(
        (value) => {
          if (typeof value !== 'string') return value;
          try {
            return JSON.parse(value) as unknown;
          } catch {
            return value;
          }
        },
        z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }),
      );
    case 'text':
      return z.string().max(20_000);
    default:
      return z.string().trim().min(1).max(1000);
  }
}

export type TCredentials = Record<string, unknown>;

/**
 * The zod validator of a provider's credentials, built from its field list: required fields must
 * be present and non-empty, optional ones may be absent, null or '' (dropped), keys the provider
 * does not have are refused when they carry a value.
 */
export function credentialsSchema(p: Pick<TProvider, 'fields'>): z.ZodType<TCredentials> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of p.fields) shape[f.key] = f.required ? fieldSchema(f) : fieldSchema(f).optional();
  return z.preprocess(
    (input) => {
      if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
      return Object.fromEntries(Object.entries(input).filter(([, value]) => !isEmpty(value)));
    },
    z.strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? 'is not a credential of this provider' : undefined,
    }),
  ) as z.ZodType<TCredentials>;
}

/** The stored-credentials view the API answers with: non-secret values, secrets only as "set". */
export const SECRET_MASK = '********';

export const ZIntegrationCreate = z.object({
  providerId: z.string().trim().min(1).max(60),
  channel: ZNotifyChannel,
  name: z.string().trim().min(1).max(200).optional(),
  identifier: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/)
    .optional(),
  credentials: z.record(z.string(), z.unknown()).default({}),
  active: z.boolean().default(true),
  /** Novu's "check the credentials with the provider first": accepted, not performed. */
  check: z.boolean().optional(),
  _environmentId: z.string().optional(),
});
export type TIntegrationCreate = z.infer<typeof ZIntegrationCreate>;

export const ZIntegrationUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  identifier: ZIntegrationCreate.shape.identifier,
  /** Merged into the stored credentials: a key given replaces, `null` or '' clears, the mask keeps. */
  credentials: z.record(z.string(), z.unknown()).optional(),
  active: z.boolean().optional(),
  check: z.boolean().optional(),
  _environmentId: z.string().optional(),
});
export type TIntegrationUpdate = z.infer<typeof ZIntegrationUpdate>;

/** What an integration looks like on the wire (Novu's integration document). */
export const ZIntegration = z.object({
  _id: z.string(),
  _environmentId: z.string(),
  _organizationId: z.string(),
  name: z.string(),
  identifier: z.string(),
  providerId: z.string(),
  channel: ZNotifyChannel,
  /** Non-secret values as stored; secrets as SECRET_MASK. */
  credentials: z.record(z.string(), z.unknown()),
  /** The keys that hold a value. */
  credentialsSet: z.array(z.string()),
  active: z.boolean(),
  primary: z.boolean(),
  priority: z.number(),
  deleted: z.boolean(),
  delivers: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The newest send through it (a step's attempt or a test send), when there was one. */
  lastDelivery: z
    .object({
      at: z.string(),
      success: z.boolean(),
      /** A short summary (never secrets, never a peer's raw answer body). */
      detail: z.string(),
      test: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type TIntegration = z.infer<typeof ZIntegration>;

export const ZIntegrationTestRequest = z.object({
  /** An email address (email), a webhook URL (chat), a device token (push). */
  target: z.string().trim().min(1).max(MAX_URI_LENGTH),
  subject: z.string().max(500).optional(),
  content: z.string().max(5000).optional(),
});
export type TIntegrationTestRequest = z.infer<typeof ZIntegrationTestRequest>;

export const ZIntegrationTestResult = z.object({
  success: z.boolean(),
  providerId: z.string(),
  channel: ZNotifyChannel,
  /** On failure: the execution code and the provider's error. */
  code: z.number().optional(),
  error: z.string().optional(),
});
export type TIntegrationTestResult = z.infer<typeof ZIntegrationTestResult>;

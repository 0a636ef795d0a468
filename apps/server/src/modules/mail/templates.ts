/**
 * Mail templates: plain functions returning a subject, a text body and a simple HTML body. Every
 * value that comes from a user is escaped in the HTML body; links point at the web app (APP_URL).
 */
export type MailContent = { subject: string; text: string; html: string; link?: string };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function appLink(appUrl: string, path: string, params: Record<string, string> = {}): string {
  // Relative to APP_URL, so a path prefix (https://host/forecourt) is kept.
  const url = new URL(path.replace(/^\/+/, ''), `${appUrl.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

type Paragraph = string | { link: string; label: string };

/** Builds both bodies from the same paragraphs so text and HTML never drift apart. */
function compose(subject: string, greeting: string, paragraphs: Paragraph[], link?: string): MailContent {
  const text = [greeting, ...paragraphs.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.link}`))]
    .concat('— Forecourt')
    .join('\n\n');
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
${body}
<p>— Forecourt</p>
</body></html>`;
  return { subject, text: `${text}\n`, html, ...(link ? { link } : {}) };
}

const greet = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function verificationMail(input: { appUrl: string; name: string; token: string }): MailContent {
  const link = appLink(input.appUrl, '/verify-email', { token: input.token });
  return compose(
    'Confirm your email address',
    greet(input.name),
    [
      'Please confirm that this is your email address to finish setting up your Forecourt account.',
      { link, label: 'Confirm my email address' },
      'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
    ],
    link,
  );
}

export function passwordResetMail(input: { appUrl: string; name: string; token: string }): MailContent {
  const link = appLink(input.appUrl, '/reset-password', { token: input.token });
  return compose(
    'Reset your Forecourt password',
    greet(input.name),
    [
      'Someone (hopefully you) asked to reset the password of your Forecourt account.',
      { link, label: 'Choose a new password' },
      'The link works once and expires in 30 minutes. If you did not ask for it, ignore this mail: your password stays as it is.',
    ],
    link,
  );
}

export function invitationMail(input: {
  appUrl: string;
  token: string;
  organizationName: string;
  inviterName: string;
  role: string;
}): MailContent {
  const link = appLink(input.appUrl, '/signup', { invitation: input.token });
  const inviter = input.inviterName.trim() || 'An administrator';
  return compose(
    `You are invited to ${input.organizationName} on Forecourt`,
    'Hello,',
    [
      `${inviter} invited you to join ${input.organizationName} on Forecourt as ${input.role === 'admin' ? 'an admin' : 'a member'}.`,
      { link, label: 'Accept the invitation' },
      'The invitation expires in 7 days. If you already have a Forecourt account, open the link and enter that account’s password to accept.',
    ],
    link,
  );
}

export function accountExistsMail(input: { appUrl: string; name: string }): MailContent {
  const reset = appLink(input.appUrl, '/reset-password');
  return compose('You already have a Forecourt account', greet(input.name), [
    'Someone tried to sign up for Forecourt with this email address, but it already has an account (or a pending invitation).',
    { link: appLink(input.appUrl, '/login'), label: 'Sign in' },
    { link: reset, label: 'Forgot your password? Reset it' },
    'If this was not you, you can ignore this mail; nothing has changed.',
  ]);
}

export function passwordChangedMail(input: { appUrl: string; name: string }): MailContent {
  return compose('Your Forecourt password was changed', greet(input.name), [
    'The password of your Forecourt account was just changed, and every signed-in session was signed out.',
    'If you did not do this, reset your password right away and tell your organisation’s admin.',
    { link: appLink(input.appUrl, '/reset-password'), label: 'Reset my password' },
  ]);
}

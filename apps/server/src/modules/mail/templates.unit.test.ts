import { describe, expect, it } from 'vitest';
import {
  accountExistsMail,
  escapeHtml,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from './templates';

const appUrl = 'https://forecourt.example.in';

describe('mail templates', () => {
  it('link to the web app with the token in the query string', () => {
    expect(verificationMail({ appUrl, name: 'Asha', token: 'abc' }).link).toBe(
      `${appUrl}/verify-email?token=abc`,
    );
    expect(passwordResetMail({ appUrl, name: 'Asha', token: 'abc' }).link).toBe(
      `${appUrl}/reset-password?token=abc`,
    );
    const invitation = invitationMail({
      appUrl,
      token: 'abc',
      organizationName: 'O',
      inviterName: 'I',
      role: 'member',
    });
    expect(invitation.link).toBe(`${appUrl}/signup?invitation=abc`);
    expect(invitation.text).toContain(`${appUrl}/signup?invitation=abc`);
    expect(invitation.html).toContain(`href="${appUrl}/signup?invitation=abc"`);
  });

  it('keeps a path prefix of APP_URL', () => {
    const mail = verificationMail({ appUrl: 'https://example.in/forecourt', name: '', token: 't' });
    expect(mail.link).toBe('https://example.in/forecourt/verify-email?token=t');
  });

  it('escapes everything user-provided in the HTML body', () => {
    const mail = invitationMail({
      appUrl,
      token: 'abc',
      organizationName: '<script>alert(1)</script>',
      inviterName: 'Eve "&" Co',
      role: 'admin',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Eve &quot;&amp;&quot; Co');
    expect(escapeHtml(`<a href='x'>`)).toBe('&lt;a href=&#39;x&#39;&gt;');
  });

  it('notices carry no token', () => {
    for (const mail of [
      accountExistsMail({ appUrl, name: 'A' }),
      passwordChangedMail({ appUrl, name: 'A' }),
    ]) {
      expect(mail.link).toBeUndefined();
      expect(mail.text).not.toContain('token=');
      expect(mail.html).not.toContain('token=');
    }
  });
});

import { findProvider, providersOf } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { EMAIL_SENDERS } from './index';

describe('the email sender registry', () => {
  it('holds only catalogue email providers, each marked as delivering', () => {
    for (const id of Object.keys(EMAIL_SENDERS)) expect(findProvider(id, 'email')?.delivers, id).toBe(true);
  });

  it('covers every delivering email provider except those sent elsewhere', () => {
    const elsewhere = new Set(['nodemailer', 'email-webhook', 'novu-email']);
    const missing = providersOf('email')
      .filter((p) => p.delivers && !elsewhere.has(p.id))
      .map((p) => p.id)
      .filter((id) => !(id in EMAIL_SENDERS));
    expect(missing).toEqual([]);
  });
});

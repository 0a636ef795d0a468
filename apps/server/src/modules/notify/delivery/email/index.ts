import type { EmailSender } from '../vendor';

/**
 * Email providers that deliver over a vendor HTTP API, by catalogue id (one file per vendor in
 * this folder). SMTP (`nodemailer`) and the email webhook are sent by ../email.ts.
 */
export const EMAIL_SENDERS: Readonly<Record<string, EmailSender>> = {};

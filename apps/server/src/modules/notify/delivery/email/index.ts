import type { EmailSender } from '../vendor';
import { postmark } from './postmark';
import { resend } from './resend';
import { sendgrid } from './sendgrid';
import { sendinblue } from './sendinblue';

/**
 * Email providers that deliver over a vendor HTTP API, by catalogue id (one file per vendor in
 * this folder). SMTP (`nodemailer`) and the email webhook are sent by ../email.ts.
 */
export const EMAIL_SENDERS: Readonly<Record<string, EmailSender>> = {
  postmark,
  resend,
  sendgrid,
  sendinblue,
};

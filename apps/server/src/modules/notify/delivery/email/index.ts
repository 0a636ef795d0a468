import type { EmailSender } from '../vendor';
import { mailgun } from './mailgun';
import { mailjet } from './mailjet';
import { mandrill } from './mandrill';
import { postmark } from './postmark';
import { resend } from './resend';
import { sendgrid } from './sendgrid';
import { sendinblue } from './sendinblue';
import { sparkpost } from './sparkpost';

/**
 * Email providers that deliver over a vendor HTTP API, by catalogue id (one file per vendor in
 * this folder). SMTP (`nodemailer`) and the email webhook are sent by ../email.ts.
 */
export const EMAIL_SENDERS: Readonly<Record<string, EmailSender>> = {
  mailgun,
  mailjet,
  mandrill,
  postmark,
  resend,
  sendgrid,
  sendinblue,
  sparkpost,
};

import type { EmailSender } from '../vendor';
import { emailjs } from './emailjs';
import { infobipEmail } from './infobip-email';
import { mailersend } from './mailersend';
import { mailgun } from './mailgun';
import { mailjet } from './mailjet';
import { mailtrap } from './mailtrap';
import { mandrill } from './mandrill';
import { netcore } from './netcore';
import { outlook365 } from './outlook365';
import { plunk } from './plunk';
import { postmark } from './postmark';
import { resend } from './resend';
import { sendgrid } from './sendgrid';
import { sendinblue } from './sendinblue';
import { ses } from './ses';
import { sparkpost } from './sparkpost';

/**
 * Email providers that deliver through a vendor's API or SMTP service, by catalogue id (one file
 * per vendor in this folder). Custom SMTP (`nodemailer`) and the email webhook are sent by ../email.ts.
 */
export const EMAIL_SENDERS: Readonly<Record<string, EmailSender>> = {
  emailjs,
  'infobip-email': infobipEmail,
  mailersend,
  mailgun,
  mailjet,
  mailtrap,
  mandrill,
  netcore,
  outlook365,
  plunk,
  postmark,
  resend,
  sendgrid,
  sendinblue,
  ses,
  sparkpost,
};

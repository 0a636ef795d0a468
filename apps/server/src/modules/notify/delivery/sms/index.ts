import type { SmsSender } from '../vendor';
import { firetext } from './firetext';
import { gupshup } from './gupshup';
import { kannel } from './kannel';
import { nexmo } from './nexmo';
import { plivo } from './plivo';
import { smsCentral } from './sms-central';
import { sms77 } from './sms77';
import { sns } from './sns';
import { telnyx } from './telnyx';
import { twilio } from './twilio';

/** Every SMS provider that delivers, by catalogue id (one file per vendor in this folder). */
export const SMS_SENDERS: Readonly<Record<string, SmsSender>> = {
  nexmo,
  plivo,
  sms77,
  'sms-central': smsCentral,
  sns,
  telnyx,
  twilio,
  gupshup,
  firetext,
  kannel,
};

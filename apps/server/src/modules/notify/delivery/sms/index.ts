import type { SmsSender } from '../vendor';
import { nexmo } from './nexmo';
import { plivo } from './plivo';
import { sns } from './sns';
import { telnyx } from './telnyx';
import { twilio } from './twilio';

/** Every SMS provider that delivers, by catalogue id (one file per vendor in this folder). */
export const SMS_SENDERS: Readonly<Record<string, SmsSender>> = {
  nexmo,
  plivo,
  sns,
  telnyx,
  twilio,
};

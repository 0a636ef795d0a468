import type { SmsSender } from '../vendor';
import { africasTalking } from './africas-talking';
import { bandwidth } from './bandwidth';
import { burstSms } from './burst-sms';
import { clickatell } from './clickatell';
import { clicksend } from './clicksend';
import { firetext } from './firetext';
import { fortySixElks } from './forty-six-elks';
import { gupshup } from './gupshup';
import { infobipSms } from './infobip';
import { kannel } from './kannel';
import { maqsam } from './maqsam';
import { nexmo } from './nexmo';
import { plivo } from './plivo';
import { sendchamp } from './sendchamp';
import { smsCentral } from './sms-central';
import { sms77 } from './sms77';
import { sns } from './sns';
import { telnyx } from './telnyx';
import { termii } from './termii';
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
  'infobip-sms': infobipSms,
  'burst-sms': burstSms,
  clickatell,
  'forty-six-elks': fortySixElks,
  kannel,
  maqsam,
  termii,
  'africas-talking': africasTalking,
  sendchamp,
  clicksend,
  bandwidth,
};

import type { PushSender } from '../vendor';
import { sendApns } from './apns';
import { sendExpo } from './expo';
import { sendFcm } from './fcm';
import { sendOneSignal } from './one-signal';
import { sendPushpad } from './pushpad';

/** Push providers that deliver over a vendor API, by catalogue id (one file per vendor in this folder). */
export const PUSH_SENDERS: Readonly<Record<string, PushSender>> = {
  fcm: sendFcm,
  apns: sendApns,
  expo: sendExpo,
  'one-signal': sendOneSignal,
  pushpad: sendPushpad,
};

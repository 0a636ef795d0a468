import type { SmsSender } from '../vendor';

/** Every SMS provider that delivers, by catalogue id (one file per vendor in this folder). */
export const SMS_SENDERS: Readonly<Record<string, SmsSender>> = {};

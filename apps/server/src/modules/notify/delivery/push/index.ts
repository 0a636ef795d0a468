import type { PushSender } from '../vendor';

/** Push providers that deliver over a vendor API, by catalogue id (one file per vendor in this folder). */
export const PUSH_SENDERS: Readonly<Record<string, PushSender>> = {};

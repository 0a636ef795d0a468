import type { VendorCall } from '../testing';
import type { SmsMessage } from '../vendor';
import { record } from './common';

/** Test support for the SMS adapter tests (not used by the app). */

export const SMS: SmsMessage = {
  to: '+919812345678',
  content: 'Pump 4 at Andheri is offline',
  transactionId: 'tx-1',
  subscriberId: 'manager-1',
  workflow: 'pump-alerts',
};

/** The user and secret of a Basic authorization header, or undefined when it is not Basic. */
export function basicOf(call: VendorCall): { user: string; secret: string } | undefined {
  const header = String(call.headers.authorization ?? '');
  if (!header.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** A form body (empty when the body was not form-encoded). */
export const formOf = (call: VendorCall): URLSearchParams =>
  call.body instanceof URLSearchParams ? call.body : new URLSearchParams();

/** A JSON object body (empty when the body was not a JSON object). */
export const jsonOf = (call: VendorCall): Record<string, unknown> => record(call.body);

/** The first problem found, as the fake vendor reports it. */
export const firstProblem = (...checks: [boolean, string][]): string | undefined =>
  checks.find(([ok]) => !ok)?.[1];

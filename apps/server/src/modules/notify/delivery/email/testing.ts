import type { EmailMessage } from '../email';
import { createVendorHttp } from '../outbound';
import { LOOPBACK_DELIVERY, type VendorCall } from '../testing';
import type { EmailSender, SendContext } from '../vendor';

/** Test support for the email adapters (not used by the app). */

export const MESSAGE: EmailMessage = {
  to: 'manager@station.example',
  subject: 'Tank 3 below 10%',
  html: '<p>Tank 3 is below <b>10%</b>.</p>',
  text: 'Tank 3 is below 10%.',
  transactionId: 'txn-42',
  subscriberId: 'sub-1',
  workflow: 'tank-low',
};

/** The from address and sender name every email integration carries. */
export const SENDER = { from: 'alerts@forecourt.example', senderName: 'Forecourt Alerts' };

export const sendWith = (sender: EmailSender) => (ctx: SendContext) => sender(ctx, MESSAGE);

/**
 * The text fields of a multipart/form-data body as the fake received it (undefined when the body
 * is not multipart). Reads the boundary from the content type as a vendor's server does.
 */
export function formFields(call: VendorCall): Map<string, string> | undefined {
  const type = String(call.headers['content-type'] ?? '');
  const boundary = /^multipart\/form-data;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return undefined;
  const fields = new Map<string, string>();
  for (const part of call.raw.split(`--${boundary}`).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(part.slice(0, split))?.[1];
    if (name !== undefined) fields.set(name, part.slice(split + 4, part.length - 2));
  }
  return fields;
}

/** Basic credentials from an authorization header, or undefined. */
export function basicAuth(header: string | string[] | undefined): [string, string] | undefined {
  if (typeof header !== 'string' || !header.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** `problem` when `ok` is false: checks read as the list of what the vendor verifies. */
export function firstProblem(checks: [boolean, string][]): string | undefined {
  return checks.find(([ok]) => !ok)?.[1];
}

/**
 * A context whose origin is the fake's but which records the default origin the adapter asked
 * for (to check regional hosts), with the given idempotency key.
 */
export function recordingContext(
  fakeOrigin: string,
  credentials: Record<string, unknown>,
  options: { idempotencyKey?: string; timeoutMs?: number } = {},
): SendContext & { asked: string[] } {
  const asked: string[] = [];
  return {
    credentials,
    http: createVendorHttp({ timeoutMs: options.timeoutMs ?? 5_000, network: LOOPBACK_DELIVERY.network }),
    network: LOOPBACK_DELIVERY.network,
    idempotencyKey: options.idempotencyKey ?? 'job-1:integration-1',
    now: Date.now,
    origin: (defaultOrigin) => {
      asked.push(defaultOrigin);
      return fakeOrigin;
    },
    asked,
  };
}

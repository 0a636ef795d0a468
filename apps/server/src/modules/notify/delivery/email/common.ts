import { createHash } from 'node:crypto';
import { credential, DeliveryError, type SendContext } from '../vendor';

/** What the email adapters share: the sender, required credentials, form bodies, error texts. */

export type Sender = { email: string; name: string | undefined };

/** A credential the provider cannot send without; its absence is permanent (the admin must fix it). */
export function required(ctx: SendContext, provider: string, key: string, label = key): string {
  const value = credential(ctx.credentials, key);
  if (value === undefined) throw new DeliveryError(`${provider}: the integration has no ${label}`);
  return value;
}

/** The integration's from address and sender name. */
export function senderOf(ctx: SendContext, provider: string): Sender {
  return {
    email: required(ctx, provider, 'from', 'from address'),
    name: credential(ctx.credentials, 'senderName'),
  };
}

/** `"Name" <address>` (the name quoted so commas and brackets in it stay part of the name). */
export function formatAddress({ email, name }: Sender): string {
  return name ? `"${name.replace(/["\\]/g, '\\$&')}" <${email}>` : email;
}

/**
 * A multipart/form-data body (what Mailgun and Infobip take): serialised by the platform's own
 * FormData encoder, so the boundary and escaping are the standard ones.
 */
export async function multipart(fields: [string, string][]): Promise<{ body: Uint8Array; type: string }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const encoded = new Response(form);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** The value at a path of a JSON answer when it is a non-empty string. */
export function textAt(json: unknown, ...path: (string | number)[]): string | undefined {
  let node: unknown = json;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return typeof node === 'string' && node !== '' ? node : typeof node === 'number' ? String(node) : undefined;
}

/**
 * A UUID derived from the job's idempotency key, for vendors that want their idempotency key in
 * UUID form: the same job and integration always give the same UUID.
 */
export function idempotencyUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The outcome summary recorded in the execution detail. */
export const answered = (status: number, messageId?: string) =>
  messageId ? `HTTP ${status}, message id ${messageId}` : `HTTP ${status}`;

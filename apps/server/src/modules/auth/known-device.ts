import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TIME } from './session-policy';

/**
 * The known-device cookie (docs/DECISIONS.md, "Hardening"): a random id the browser
 * keeps for the sign-in endpoints only. A successful sign-in remembers (account, device) for
 * {@link KNOWN_DEVICE_MS}; from a remembered device the owner is not caught by budgets that
 * strangers can exhaust (failed sign-ins from many addresses, reset mails). The id proves nothing
 * else and grants nothing: it is not a session and is never sent to other routes.
 */
export const DEVICE_COOKIE = 'forecourt_device';
export const KNOWN_DEVICE_MS = 30 * TIME.DAY;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The device id of the request's cookie, when it has a well-formed one. */
export function deviceOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(equals + 1).trim();
    if (DEVICE_ID.test(value)) return value;
  }
  return undefined;
}

/** A fresh device id: 128 random bits, base64url. */
export const newDeviceId = () => randomBytes(16).toString('base64url');

/** Sets (or renews) the cookie: HttpOnly, SameSite=Strict, only for `/api/auth`. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, device: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${device}; Path=/api/auth; Max-Age=${KNOWN_DEVICE_MS / 1000}; HttpOnly; SameSite=Strict${secure}`,
  );
}

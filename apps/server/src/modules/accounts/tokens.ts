import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** 32 random bytes (256 bits), base64url: the secret sent by mail. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: its SHA-256, hex. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9_-]{16,512})[ \t]*$/i;

/**
 * The token of `Authorization: Bearer <token>` on the routes that take a mailed token instead of
 * an access token. No header: 401 UNAUTHENTICATED; anything malformed: 401 INVALID_TOKEN.
 */
export function mailedBearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new AppError('UNAUTHENTICATED', 'Open the link from the mail to continue');
  const match = BEARER.exec(header);
  if (!match?.[1]) throw new AppError('INVALID_TOKEN', 'This link is invalid or has expired');
  return match[1];
}

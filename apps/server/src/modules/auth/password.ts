import { randomBytes } from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN } from '@forecourt/contracts';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../../lib/app-error';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id with 19 MiB memory and 2 passes (OWASP's minimum recommendation). */
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash is weaker than (or different from) today's parameters. */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return m !== PARAMS.memoryCost || t !== PARAMS.timeCost || p !== PARAMS.parallelism;
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret, computed once per process. Verifying a password against it for an
 * unknown email (or an account without a password) costs the same as a real check, so timing does
 * not reveal whether an email has an account; it never matches.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

let commonPasswords: Set<string> | undefined;

async function isCommonPassword(password: string): Promise<boolean> {
  if (!commonPasswords) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    commonPasswords = new Set(dictionary['passwords-common']);
  }
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The password policy (OWASP ASVS 5.0 §6.2): 8…128 characters, any characters, no composition
 * rules; rejected when it is on the ~49,000-entry list of common passwords or is the user's own
 * email address or name. Throws `400 WEAK_PASSWORD` with a message the user can act on.
 */
export async function assertPasswordAcceptable(
  password: string,
  about: { email?: string | null; name?: string | null } = {},
): Promise<void> {
  const length = [...password].length;
  if (length < PASSWORD_MIN) {
    throw new AppError(
      'WEAK_PASSWORD',
      `Use at least ${PASSWORD_MIN} characters; a short phrase works well.`,
    );
  }
  if (length > PASSWORD_MAX) {
    throw new AppError('WEAK_PASSWORD', `Use at most ${PASSWORD_MAX} characters.`);
  }
  const lowered = password.trim().toLowerCase();
  const email = about.email?.trim().toLowerCase();
  const personal = [email, email?.split('@')[0], about.name?.trim().toLowerCase()].filter(
    (value): value is string => Boolean(value),
  );
  if (personal.includes(lowered)) {
    throw new AppError('WEAK_PASSWORD', 'Do not use your email address or name as your password.');
  }
  if (await isCommonPassword(password)) {
    throw new AppError(
      'WEAK_PASSWORD',
      'This password is on a list of commonly used passwords that attackers try first. Choose another one.',
    );
  }
}

import type { TLoginRequest } from '@forecourt/contracts';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from './auth-context';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import { findUserForLogin, updatePasswordHash } from './sessions.repository';
import { type IssuedTokens, issueTokens } from './sessions.service';

/** 429 with the seconds to wait, which the route sends as `retry-after`. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many sign-in attempts. Try again in ${retryAfterSeconds} seconds.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'The email or password is not correct');

/**
 * Signs a user in with email and password. An unknown email, an account without a password and a
 * wrong password all cost one argon2id verification and answer the same 401, so neither the
 * answer nor its timing tells whether the email has an account. A disabled account is only
 * reported after the right password. Throttled attempts are refused before any hashing.
 * `device` is the browser's known-device id (known-device.ts), remembered on success.
 */
export async function login(
  context: AuthContext,
  input: TLoginRequest,
  ip: string,
  device?: string,
): Promise<IssuedTokens> {
  const { db, loginLimiter } = context;
  const wait = await loginLimiter.admit(input.email, ip, context.now(), device);
  if (wait !== null) throw new RateLimitedError(wait);

  const user = await findUserForLogin(db, input.email);
  const storedHash = user?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(storedHash, input.password);
  if (!user || user.passwordHash === null || !matches) {
    await loginLimiter.recordFailure(input.email, ip, context.now(), device);
    throw invalidCredentials();
  }
  if (user.disabledAt !== null) {
    throw new AppError('ACCOUNT_DISABLED', 'This account has been disabled. Ask your organisation admin.');
  }
  await loginLimiter.recordSuccess(input.email, ip, context.now(), device);
  if (needsRehash(user.passwordHash)) {
    await updatePasswordHash(db, user.id, await hashPassword(input.password), context.now());
  }
  // Tokens of the generation read with the password hash: a reset that commits meanwhile ends them.
  return issueTokens(db, user.id, { generation: Number(user.generation ?? 0) });
}

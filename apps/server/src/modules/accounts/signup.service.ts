import type { TSignupRequest } from '@forecourt/contracts';
import { assertPasswordAcceptable, hashPassword } from '../auth/password';
import { accountExistsMail, verificationMail } from '../mail/templates';
import type { AccountsDeps } from './accounts.deps';
import { issueEmailToken } from './email-tokens.repository';
import { findActiveOrganizationId, findUserByEmail, insertUser } from './users.repository';

/**
 * Self-service signup. The answer never depends on whether the email has an account: the
 * password policy depends only on the input, the password is hashed either way, and the lookup,
 * the insert and the mail run after the response. A new address gets an unverified account and
 * a verification mail; a known one gets a "you already have an account" mail instead.
 */
export async function signUp(deps: AccountsDeps, input: TSignupRequest): Promise<void> {
  await assertPasswordAcceptable(input.password, {
    email: input.email,
    name: `${input.firstName} ${input.lastName}`,
  });
  const passwordHash = await hashPassword(input.password);
  deps.tasks.run('signup', () => completeSignup(deps, input, passwordHash));
}

async function completeSignup(
  deps: AccountsDeps,
  input: TSignupRequest,
  passwordHash: string,
): Promise<void> {
  const now = deps.clock();
  const existing = await findUserByEmail(deps.db, input.email);
  const userId = existing
    ? undefined
    : await insertUser(
        deps.db,
        { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName },
        now,
      );
  if (userId === undefined) {
    const user = existing ?? (await findUserByEmail(deps.db, input.email));
    const organizationId = user ? await findActiveOrganizationId(deps.db, user.id) : null;
    const mail = accountExistsMail({ appUrl: deps.appUrl, name: user?.firstName ?? '' });
    await deps.mailer.sendMail({ to: input.email, organizationId, ...mail });
    return;
  }
  const token = await issueEmailToken(deps.db, { purpose: 'verify_email', email: input.email, userId }, now);
  const mail = verificationMail({ appUrl: deps.appUrl, name: input.firstName, token });
  await deps.mailer.sendMail({ to: input.email, ...mail });
}

import { PASSWORD_MAX, PASSWORD_MIN } from '@forecourt/contracts';

/** What is wrong with a new password before the server is asked (it checks more), or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  return undefined;
}

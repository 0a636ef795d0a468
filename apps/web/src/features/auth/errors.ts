import { formatDuration } from '../../lib/format';
import { ApiError, AuthTokenAbsentError, ContractError } from '../../lib/http';

/** Where the error happened; a few codes read differently per screen. */
export type TAuthErrorContext =
  | 'login'
  | 'signup'
  | 'organization'
  | 'forgot'
  | 'reset'
  | 'verify'
  | 'general';

/** "45 seconds", "2 minutes 30 seconds". */
export function formatWait(seconds: number): string {
  return formatDuration(Math.max(1, Math.ceil(seconds)) * 1000, { maxUnits: 2 });
}

/**
 * A friendly sentence for a failed auth call. `secondsLeft` replaces the `retry-after` of a
 * RATE_LIMITED answer as a countdown runs.
 */
export function describeAuthError(error: unknown, context: TAuthErrorContext, secondsLeft?: number): string {
  if (error instanceof AuthTokenAbsentError) return 'You are signed out. Sign in again to continue.';
  if (error instanceof ContractError)
    return 'The server answered in an unexpected format. Reload the page to update the app.';
  if (!(error instanceof ApiError)) return 'Something went wrong in the app. Reload the page and try again.';
  if (error.status === 0) return 'Could not reach Forecourt. Check your connection and try again.';
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return 'Email or password is incorrect.';
    case 'RATE_LIMITED': {
      const wait = secondsLeft ?? error.retryAfter;
      return wait !== undefined && wait > 0
        ? `Too many attempts. Try again in ${formatWait(wait)}.`
        : 'Too many attempts. Wait a little, then try again.';
    }
    case 'ACCOUNT_DISABLED':
      return 'This account has been disabled. Ask an admin of your organisation to enable it again.';
    case 'INVALID_TOKEN':
      return context === 'login' || context === 'general'
        ? 'Your session is no longer valid. Sign in again.'
        : 'This link has expired or was already used.';
    case 'WEAK_PASSWORD':
      return error.message || 'Choose a stronger password.';
    case 'INVALID_INVITATION':
      return 'This invitation is no longer valid: it may have expired or been used already. Ask your admin to invite you again.';
    case 'ORGANIZATION_EXISTS':
      return 'You already belong to an organisation.';
    case 'VALIDATION_FAILED': {
      const detail = error.details?.[0];
      return detail ? `Check the ${detail.path || 'form'}: ${detail.message}` : error.message;
    }
    case 'FORBIDDEN':
      return 'You do not have permission to do that.';
    case 'CONFLICT':
      return error.message;
    default:
      return error.isTransient
        ? 'Something went wrong on our side. Try again in a moment.'
        : error.message || 'The request was refused.';
  }
}

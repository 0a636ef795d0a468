import { ERROR_CODES, type TErrorCode } from '@forecourt/contracts';

/** An error with a stable code from contracts; the error handler turns it into the JSON error shape. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly details?: { path: string; message: string }[];

  constructor(code: TErrorCode, message: string, details?: { path: string; message: string }[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    if (details) this.details = details;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`);

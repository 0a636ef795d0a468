import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { toApiError } from './error-handler';

describe('toApiError', () => {
  it('keeps an AppError’s status and code', () => {
    expect(toApiError(new AppError('CONFLICT', 'Already decided'))).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Already decided',
    });
  });

  it('answers a unique-constraint error of either dialect with 409, not 500', () => {
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', '23505']) {
      const error = Object.assign(new Error('duplicate key value'), { code });
      expect(toApiError(error)).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    }
  });

  it('hides anything unexpected behind a 500 without its message', () => {
    const body = toApiError(new Error('connection string postgres://user:secret@host'));
    expect(body).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. It has been logged.',
    });
  });
});

import { ERROR_CODES, type TApiError, type TErrorCode } from '@forecourt/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../lib/app-error';

/** Fastify's own error codes that are the caller's fault, mapped to our stable codes. */
const FASTIFY_CODES: Record<string, TErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
  FST_ERR_RATE_LIMIT: 'RATE_LIMITED',
};

function codeForStatus(statusCode: number): TErrorCode {
  const match = (Object.entries(ERROR_CODES) as [TErrorCode, number][]).find(
    ([, status]) => status === statusCode,
  );
  return match?.[0] ?? (statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** Turns any thrown error into the one JSON error shape. */
export function toApiError(error: FastifyError | Error): TApiError {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)',
      message: issue.message ?? 'is invalid',
    }));
    const where = (error as FastifyError).validationContext ?? 'request';
    const first = details[0];
    const message = first ? `Invalid ${where}: ${first.path} ${first.message}` : `Invalid ${where}`;
    return { statusCode: 400, code: 'VALIDATION_FAILED', message, details };
  }
  if (isUniqueViolation(error)) {
    return { statusCode: 409, code: 'CONFLICT', message: 'This conflicts with a record that already exists' };
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (fastifyError.code && FASTIFY_CODES[fastifyError.code]) || codeForStatus(status);
    return { statusCode: status, code, message: fastifyError.message };
  }
  return {
    statusCode: 500,
    code: 'INTERNAL',
    message: 'Something went wrong on our side. It has been logged.',
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toApiError(error);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, message: body.message }, 'request rejected');
    return reply.status(body.statusCode).send(body);
  });
}

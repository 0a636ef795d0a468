import { ZApiError } from '@forecourt/contracts';
import type { Db } from '../db/database';

/** What the operations, metrics and assets routes need: the database and the clock windows end at. */
export type ReadDeps = { db: Db; now: () => number };

/** Error answers every read route documents. */
export const READ_ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } as const;

/** Answers sent with `JSON.stringify`, checked against the response schema under test. */
export { PLAIN_JSON } from './response-serializer';

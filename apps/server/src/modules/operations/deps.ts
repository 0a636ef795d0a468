import { ZApiError } from '@forecourt/contracts';
import type { Db } from '../../db/database';

/** What the operations, metrics and assets routes need: the database and the clock windows end at. */
export type ReadDeps = { db: Db; now: () => number };

/** Error answers every read route documents. */
export const READ_ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } as const;

/**
 * Serialises a read route's answer with plain `JSON.stringify`. The response schema still documents
 * the route (OpenAPI) and the presenters are typed against it, but it is not re-validated per
 * response: on a 40-row page that check cost about as much as the two queries together.
 */
export const PLAIN_JSON = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;

import { ZApiError } from '@forecourt/contracts';
import { z } from 'zod';
import { ZStationSlugParams } from '../stations/stations.routes';

/** `/api/stations/:slug/api-keys/:id`. */
export const ZApiKeyParams = ZStationSlugParams.extend({ id: z.coerce.number().int().min(1) });

/** Error answers of the key management routes. */
export const KEY_ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } as const;

/** Error answers of `POST /api/ingest`. */
export const INGEST_ERRORS = { 400: ZApiError, 401: ZApiError, 413: ZApiError, 415: ZApiError } as const;

/** Largest ingest body: 5,000 items of a few hundred bytes each, with room to spare. */
export const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

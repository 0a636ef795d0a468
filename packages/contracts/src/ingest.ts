import { z } from 'zod';
import { ZDispenserStatus, ZNozzleStatus } from './entities/dispenser';
import { ZPaymentStatus } from './entities/payment';
import { ZId, ZIsoDateTime } from './entities/scalars';
import { ZTransactionStatus } from './entities/transaction';
import { ZFuel, ZPaymentMode, ZVehicleClass } from './enums';

/**
 * The ingest API (`POST /api/ingest`): a station's systems (forecourt controller, payment
 * terminal, ANPR cameras, queue sensors) send batches of what happened, authenticated with a
 * per-station API key. Every item carries the sender's own `sourceId`; the same source id sent
 * again for the same station and kind is counted as a duplicate and changes nothing.
 */

/** Most items one batch may carry, all kinds together. */
export const INGEST_MAX_ITEMS = 5000;

/** The sender's id for an item: 1–100 printable ASCII characters without spaces. */
export const ZSourceId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[!-~]+$/, 'Use printable ASCII characters without spaces');

/** A registration as read or typed: letters, digits, spaces and dashes (stored upper case, without either). */
export const ZRegistrationInput = z
  .string()
  .max(20)
  .regex(/^[A-Za-z0-9 -]+$/, 'Use letters, digits, spaces or dashes')
  .refine((value) => value.replace(/[\s-]/g, '').length >= 4, 'A registration has at least 4 characters');

/** Upper case without spaces or dashes, as registrations are stored and searched. */
export function normalizeRegistration(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

const ZDispenserCode = z.string().min(1).max(20);
const ZNozzleNumber = z.number().int().min(1).max(32);

/**
 * Which nozzle: its id (as the read API shows it), or the code of its dispenser and its number
 * there (as the forecourt controller knows it).
 */
const nozzleReference = {
  nozzleId: ZId.optional(),
  dispenserCode: ZDispenserCode.optional(),
  nozzleNumber: ZNozzleNumber.optional(),
};
const hasNozzle = (item: { nozzleId?: number; dispenserCode?: string; nozzleNumber?: number }) =>
  item.nozzleId !== undefined || (item.dispenserCode !== undefined && item.nozzleNumber !== undefined);
const NOZZLE_MESSAGE = { message: 'Give nozzleId, or dispenserCode and nozzleNumber', path: ['nozzleId'] };

/** One completed fill. Quantities are in the fuel's unit (l, kg, kWh), up to 3 decimals. */
export const ZIngestTransaction = z
  .object({
    sourceId: ZSourceId,
    ...nozzleReference,
    /** Optional check: when given it must be the nozzle's fuel. */
    fuel: ZFuel.optional(),
    startDate: ZIsoDateTime,
    endDate: ZIsoDateTime,
    quantity: z.number().positive().max(100_000),
    unitPricePaise: z.number().int().positive().max(10_000_000),
    amountPaise: z.number().int().min(0).max(1_000_000_000),
    paymentMode: ZPaymentMode,
    status: ZTransactionStatus.default('completed'),
    vehicleRegistration: ZRegistrationInput.nullable().optional(),
    vehicleClass: ZVehicleClass,
    customerId: ZId.nullable().optional(),
    attendantId: ZId.nullable().optional(),
  })
  // (endDate ≥ startDate and the times' plausibility are checked by the server against its clock.)
  .refine(hasNozzle, NOZZLE_MESSAGE);
export type TIngestTransaction = z.infer<typeof ZIngestTransaction>;

/**
 * A payment. It may name the fill it pays for by the fill's `transactionSourceId` (in this batch
 * or an earlier one) or by `transactionId`; neither for prepaid top-ups.
 */
export const ZIngestPayment = z
  .object({
    sourceId: ZSourceId,
    transactionSourceId: ZSourceId.optional(),
    transactionId: ZId.optional(),
    timestamp: ZIsoDateTime,
    mode: ZPaymentMode,
    amountPaise: z.number().int().min(-1_000_000_000).max(1_000_000_000),
    status: ZPaymentStatus,
    reference: z.string().max(100).default(''),
    provider: z.string().max(100).default(''),
  })
  .refine((item) => item.transactionSourceId === undefined || item.transactionId === undefined, {
    message: 'Give transactionSourceId or transactionId, not both',
    path: ['transactionId'],
  });
export type TIngestPayment = z.infer<typeof ZIngestPayment>;

/** An ANPR read at the station; `transactionSourceId`/`transactionId` when the visit ended in a fill. */
export const ZIngestSighting = z
  .object({
    sourceId: ZSourceId,
    registration: ZRegistrationInput,
    vehicleClass: ZVehicleClass,
    seenAt: ZIsoDateTime,
    /** 0 for a camera at the entrance, else the lane (1…the station's lanes). */
    lane: z.number().int().min(0).max(64),
    confidence: z.number().int().min(0).max(100),
    dwellSeconds: z.number().int().min(0).max(86_400),
    transactionSourceId: ZSourceId.optional(),
    transactionId: ZId.optional(),
  })
  .refine((item) => item.transactionSourceId === undefined || item.transactionId === undefined, {
    message: 'Give transactionSourceId or transactionId, not both',
    path: ['transactionId'],
  });
export type TIngestSighting = z.infer<typeof ZIngestSighting>;

/** A dispenser reporting its state, by id or by code. */
export const ZIngestDispenserState = z
  .object({
    sourceId: ZSourceId,
    dispenserId: ZId.optional(),
    dispenserCode: ZDispenserCode.optional(),
    status: ZDispenserStatus,
    at: ZIsoDateTime,
  })
  .refine((item) => item.dispenserId !== undefined || item.dispenserCode !== undefined, {
    message: 'Give dispenserId or dispenserCode',
    path: ['dispenserId'],
  });
export type TIngestDispenserState = z.infer<typeof ZIngestDispenserState>;

/** A nozzle reporting its state (lifted → `dispensing`, hung up → `idle`, `fault`, `disabled`). */
export const ZIngestNozzleState = z
  .object({ sourceId: ZSourceId, ...nozzleReference, status: ZNozzleStatus, at: ZIsoDateTime })
  .refine(hasNozzle, NOZZLE_MESSAGE);
export type TIngestNozzleState = z.infer<typeof ZIngestNozzleState>;

/** Queue length and wait at one lane (1…the station's lanes). */
export const ZIngestCongestionSample = z.object({
  sourceId: ZSourceId,
  lane: z.number().int().min(1).max(64),
  sampledAt: ZIsoDateTime,
  queueLength: z.number().int().min(0).max(1000),
  waitSeconds: z.number().int().min(0).max(86_400),
});
export type TIngestCongestionSample = z.infer<typeof ZIngestCongestionSample>;

/** The kinds a batch may carry, in the order they are written. */
export const INGEST_KINDS = [
  'transactions',
  'payments',
  'sightings',
  'dispenserStates',
  'nozzleStates',
  'congestionSamples',
] as const;
export type TIngestKind = (typeof INGEST_KINDS)[number];

const list = <T extends z.ZodType>(item: T) => z.array(item).max(INGEST_MAX_ITEMS).optional();

/** `POST /api/ingest` body: any of the kinds, at most {@link INGEST_MAX_ITEMS} items in all. */
export const ZIngestBatch = z
  .object({
    transactions: list(ZIngestTransaction),
    payments: list(ZIngestPayment),
    sightings: list(ZIngestSighting),
    dispenserStates: list(ZIngestDispenserState),
    nozzleStates: list(ZIngestNozzleState),
    congestionSamples: list(ZIngestCongestionSample),
  })
  .refine((batch) => ingestItemCount(batch) <= INGEST_MAX_ITEMS, {
    message: `A batch carries at most ${INGEST_MAX_ITEMS} items`,
  });
export type TIngestBatch = z.infer<typeof ZIngestBatch>;
export type TIngestBatchInput = z.input<typeof ZIngestBatch>;

/** Items in a batch, all kinds together (anything that is not an array counts 0). */
export function ingestItemCount(batch: unknown): number {
  if (typeof batch !== 'object' || batch === null) return 0;
  let total = 0;
  for (const kind of INGEST_KINDS) {
    const items = (batch as Record<string, unknown>)[kind];
    if (Array.isArray(items)) total += items.length;
  }
  return total;
}

export const ZIngestCounts = z.object({
  transactions: z.number().int().nonnegative(),
  payments: z.number().int().nonnegative(),
  sightings: z.number().int().nonnegative(),
  dispenserStates: z.number().int().nonnegative(),
  nozzleStates: z.number().int().nonnegative(),
  congestionSamples: z.number().int().nonnegative(),
});
export type TIngestCounts = z.infer<typeof ZIngestCounts>;

/** What a batch did: items written, and items whose source id was already known (or repeated in the batch). */
export const ZIngestResult = z.object({ accepted: ZIngestCounts, duplicates: ZIngestCounts });
export type TIngestResult = z.infer<typeof ZIngestResult>;

// ---------------------------------------------------------------------------------------------
// Station API keys (organisation admins)

/** A station's API key as listed: never the secret, only its first characters. */
export const ZApiKey = z.object({
  id: ZId,
  stationId: ZId,
  name: z.string(),
  /** The key's first characters, to tell keys apart (`fcs_AbCd1234`). */
  prefix: z.string(),
  createdAt: ZIsoDateTime,
  createdByUserId: ZId.nullable(),
  lastUsedAt: ZIsoDateTime.nullable(),
  revokedAt: ZIsoDateTime.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** `POST /api/stations/:slug/api-keys` body. */
export const ZApiKeyCreate = z.object({ name: z.string().trim().min(1).max(80) });
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;

/** The answer to creating a key: the only time `secret` is ever shown. */
export const ZApiKeyCreated = ZApiKey.extend({
  /** Send as `Authorization: ApiKey <secret>` or `X-Api-Key: <secret>`. */
  secret: z.string(),
});
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** `GET /api/stations/:slug/api-keys`: newest first, revoked ones included. */
export const ZStationApiKeys = z.object({ results: z.array(ZApiKey) });
export type TStationApiKeys = z.infer<typeof ZStationApiKeys>;

import { z } from 'zod';
import { ZDispenserStatus, ZNozzleStatus } from './entities/dispenser';
import { ZId, ZIsoDateTime, ZPaise, ZQuantity } from './entities/scalars';
import { ZFuellingPointState } from './entities/station-assets';
import { ZTransactionStatus } from './entities/transaction';
import { ZFuel, ZPaymentMode } from './enums';

/**
 * Live operations over socket.io. The server's default namespace `/` is reserved for the
 * notification inbox; operations use the namespace {@link OPERATIONS_NAMESPACE} on the same
 * connection (path `/socket.io/`). The handshake sends the access token as `auth.token`.
 *
 * After connecting, a client subscribes to stations (`subscribe`, acknowledged with
 * {@link ZSubscribeAck}) and then receives the events of {@link OPERATIONS_EVENTS} for them.
 * Events say what changed, compactly; screens refetch what they show when they need more.
 */
export const OPERATIONS_NAMESPACE = '/operations';

/** `subscribe` / `unsubscribe` payload: station ids, or `'all'` for every station the user sees. */
export const ZSubscribeRequest = z.object({
  stationIds: z.union([z.literal('all'), z.array(ZId).min(1).max(500)]),
});
export type TSubscribeRequest = z.infer<typeof ZSubscribeRequest>;

/** The acknowledgement: which stations are now subscribed and which were refused (unknown or not visible). */
export const ZSubscribeAck = z.union([
  z.object({
    ok: z.literal(true),
    /** `'all'` when subscribed to every station of the organisation (admins, members with all stations). */
    stationIds: z.union([z.literal('all'), z.array(ZId)]),
    refused: z.array(ZId),
  }),
  z.object({ ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export type TSubscribeAck = z.infer<typeof ZSubscribeAck>;

/** Why the handshake was refused (`connect_error`'s `data`). */
export const ZRealtimeRefusal = z.object({
  code: z.enum(['UNAUTHENTICATED', 'INVALID_TOKEN', 'FORBIDDEN', 'INTERNAL']),
});
export type TRealtimeRefusal = z.infer<typeof ZRealtimeRefusal>;

/** A fill as the live feed shows it. */
export const ZLiveTransaction = z.object({
  id: ZId,
  dispenserId: ZId,
  nozzleId: ZId,
  fuel: ZFuel,
  startDate: ZIsoDateTime,
  endDate: ZIsoDateTime,
  quantity: ZQuantity,
  amountPaise: ZPaise,
  paymentMode: ZPaymentMode,
  status: ZTransactionStatus,
  vehicleRegistration: z.string().nullable(),
});
export type TLiveTransaction = z.infer<typeof ZLiveTransaction>;

/** New fills at a station: how many, their total, and the newest few (at most 5, newest first). */
export const ZTransactionsCreatedEvent = z.object({
  stationId: ZId,
  count: z.number().int().positive(),
  amountPaise: ZPaise,
  latest: z.array(ZLiveTransaction).max(5),
});

/** New payments at a station (`failed` of them did not go through). */
export const ZPaymentsCreatedEvent = z.object({
  stationId: ZId,
  count: z.number().int().positive(),
  failed: z.number().int().nonnegative(),
});

/** New ANPR reads at a station (`served` of them ended in a fill). */
export const ZSightingsCreatedEvent = z.object({
  stationId: ZId,
  count: z.number().int().positive(),
  served: z.number().int().nonnegative(),
});

/** A nozzle's reported status changed; `state` is what the schematic draws for it now. */
export const ZNozzleStateEvent = z.object({
  stationId: ZId,
  dispenserId: ZId,
  nozzleId: ZId,
  status: ZNozzleStatus,
  state: ZFuellingPointState,
  at: ZIsoDateTime,
});

/** A dispenser's reported status changed; `state` is its worst nozzle as the schematic draws it. */
export const ZDispenserStateEvent = z.object({
  stationId: ZId,
  dispenserId: ZId,
  status: ZDispenserStatus,
  state: ZFuellingPointState,
  at: ZIsoDateTime,
});

/** New queue samples: the newest per lane. */
export const ZCongestionSampledEvent = z.object({
  stationId: ZId,
  samples: z.array(
    z.object({
      lane: z.number().int().positive(),
      sampledAt: ZIsoDateTime,
      queueLength: z.number().int().nonnegative(),
      waitSeconds: z.number().int().nonnegative(),
    }),
  ),
});

/**
 * The sales rollups of a station were refreshed: `from`–`to` spans every refreshed IST hour, `hours`
 * lists the newest of them (at most 48). Screens whose window overlaps refetch their totals.
 */
export const ZSalesUpdatedEvent = z.object({
  stationId: ZId,
  from: ZIsoDateTime,
  to: ZIsoDateTime,
  hours: z.array(ZIsoDateTime).max(48),
});

/** Every event of the operations namespace, by name. */
export const OPERATIONS_EVENTS = {
  'transactions.created': ZTransactionsCreatedEvent,
  'payments.created': ZPaymentsCreatedEvent,
  'sightings.created': ZSightingsCreatedEvent,
  'nozzle.state': ZNozzleStateEvent,
  'dispenser.state': ZDispenserStateEvent,
  'congestion.sampled': ZCongestionSampledEvent,
  'sales.updated': ZSalesUpdatedEvent,
} as const;
export type TOperationsEventName = keyof typeof OPERATIONS_EVENTS;
export type TOperationsEvents = { [K in TOperationsEventName]: z.infer<(typeof OPERATIONS_EVENTS)[K]> };

/** socket.io typing: what the server emits (`io<TOperationsServerEvents, TOperationsClientEvents>`). */
export type TOperationsServerEvents = {
  [K in TOperationsEventName]: (payload: TOperationsEvents[K]) => void;
};

/** socket.io typing: what the client emits, each with an acknowledgement. */
export type TOperationsClientEvents = {
  subscribe: (request: TSubscribeRequest, ack: (answer: TSubscribeAck) => void) => void;
  unsubscribe: (request: TSubscribeRequest, ack: (answer: TSubscribeAck) => void) => void;
};

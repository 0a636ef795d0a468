import { z } from 'zod';
import { ZTimeWindowQuery } from '../time-window';
import { ZDispenser, ZDispenserListQuery, ZNozzle } from './dispenser';
import { zKeysetPage } from './keyset-page';
import { ZId, ZIsoDateTime, ZPaise, ZQuantity } from './scalars';

/**
 * Station assets: the dispenser → nozzle registry with each nozzle's last transaction and health
 * over a window, and the forecourt schematic (lanes, dispensers, nozzles and their live state).
 */

/** The latest fill at a nozzle (any time, not bound to the window). */
export const ZNozzleLastTransaction = z.object({
  id: ZId,
  startDate: ZIsoDateTime,
  quantity: ZQuantity,
  amountPaise: ZPaise,
});

/** A nozzle's health over the window: fills, mean flow rate (fuel unit per minute), and faults. */
export const ZNozzleHealth = z.object({
  transactions: z.number().int().nonnegative(),
  quantity: ZQuantity,
  /** Quantity per minute of nozzle time; null without fills. */
  flowRatePerMinute: z.number().nonnegative().nullable(),
});

export const ZRegistryNozzle = ZNozzle.extend({
  lastTransaction: ZNozzleLastTransaction.nullable(),
  health: ZNozzleHealth,
});
export type TRegistryNozzle = z.infer<typeof ZRegistryNozzle>;

/** A dispenser of the registry: its nozzles with health, and the faults it raised in the window. */
export const ZRegistryDispenser = ZDispenser.extend({
  nozzles: z.array(ZRegistryNozzle),
  /** `dispenser_fault` incidents opened in the window. */
  faults: z.number().int().nonnegative(),
  lastTransactionAt: ZIsoDateTime.nullable(),
});
export type TRegistryDispenser = z.infer<typeof ZRegistryDispenser>;

/**
 * `GET /api/stations/:slug/dispensers` query: the dispenser list query (page size 20, by code) and a
 * window for health (screen `stationMetrics`: 24 hours, at most a week).
 */
export const ZDispenserRegistryQuery = ZDispenserListQuery.extend(ZTimeWindowQuery.shape);
export type TDispenserRegistryQuery = z.infer<typeof ZDispenserRegistryQuery>;
export const ZDispenserRegistry = zKeysetPage(ZRegistryDispenser);
export type TDispenserRegistry = z.infer<typeof ZDispenserRegistry>;

/** What a fuelling point shows on the schematic. */
export const FUELLING_POINT_STATES = ['idle', 'fuelling', 'fault', 'offline'] as const;
export const ZFuellingPointState = z.enum(FUELLING_POINT_STATES);
export type TFuellingPointState = z.infer<typeof ZFuellingPointState>;

export const ZSchematicNozzle = ZNozzle.pick({ id: true, number: true, side: true, fuel: true }).extend({
  state: ZFuellingPointState,
  lastTransactionAt: ZIsoDateTime.nullable(),
});
export type TSchematicNozzle = z.infer<typeof ZSchematicNozzle>;

export const ZSchematicDispenser = ZDispenser.pick({ id: true, code: true, status: true }).extend({
  state: ZFuellingPointState,
  nozzles: z.array(ZSchematicNozzle),
});

/** `GET /api/stations/:slug/schematic`: lanes in order, dispensers by code within a lane. */
export const ZStationSchematic = z.object({
  stationId: ZId,
  lanes: z.array(
    z.object({ lane: z.number().int().nonnegative(), dispensers: z.array(ZSchematicDispenser) }),
  ),
  /** The instant the states were read. */
  at: ZIsoDateTime,
});
export type TStationSchematic = z.infer<typeof ZStationSchematic>;

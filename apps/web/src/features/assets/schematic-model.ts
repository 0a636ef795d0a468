import {
  FUELLING_POINT_STATES,
  FUELS,
  type TDispenserStatus,
  type TFuel,
  type TFuellingPointState,
  type TSchematicNozzle,
  type TStationSchematic,
} from '@forecourt/contracts';

/**
 * Pure helpers for the forecourt schematic: the flat list of fuelling points (for the companion
 * table and the counts) and the drawing's geometry (for the SVG and its focusable overlay).
 */

type TSchematicDispenser = TStationSchematic['lanes'][number]['dispensers'][number];

/** One nozzle with the dispenser and lane it belongs to. */
export type TFuellingPoint = {
  lane: number;
  dispenser: Pick<TSchematicDispenser, 'id' | 'code' | 'status' | 'state'>;
  nozzle: TSchematicNozzle;
};

export function listFuellingPoints(schematic: TStationSchematic): TFuellingPoint[] {
  return schematic.lanes.flatMap(({ lane, dispensers }) =>
    dispensers.flatMap(({ nozzles, ...dispenser }) => nozzles.map((nozzle) => ({ lane, dispenser, nozzle }))),
  );
}

export function countDispensers(schematic: TStationSchematic): number {
  return schematic.lanes.reduce((sum, lane) => sum + lane.dispensers.length, 0);
}

/** Fuelling points per state, every state present (0 when none). */
export function countByState(points: readonly TFuellingPoint[]): Record<TFuellingPointState, number> {
  const counts = Object.fromEntries(FUELLING_POINT_STATES.map((state) => [state, 0])) as Record<
    TFuellingPointState,
    number
  >;
  for (const point of points) counts[point.nozzle.state] += 1;
  return counts;
}

/** Dispensers per reported status, only statuses that occur. */
export function countDispenserStatuses(schematic: TStationSchematic): Map<TDispenserStatus, number> {
  const counts = new Map<TDispenserStatus, number>();
  for (const lane of schematic.lanes)
    for (const dispenser of lane.dispensers)
      counts.set(dispenser.status, (counts.get(dispenser.status) ?? 0) + 1);
  return counts;
}

/** Nozzles per fuel, in the order of `FUELS`, only fuels that occur. */
export function countByFuel(points: readonly TFuellingPoint[]): { fuel: TFuel; count: number }[] {
  return FUELS.map((fuel) => ({
    fuel,
    count: points.filter((point) => point.nozzle.fuel === fuel).length,
  })).filter((entry) => entry.count > 0);
}

/** "D2 nozzle 3 (side B)". */
export function pointName(point: Pick<TFuellingPoint, 'dispenser' | 'nozzle'>): string {
  return `${point.dispenser.code} nozzle ${point.nozzle.number} (side ${point.nozzle.side})`;
}

// ---------------------------------------------------------------------------------------------
// Geometry, in SVG user units. A lane is a row: the driving lane (asphalt) above, then the island
// with its dispensers; side A nozzles face the driving lane above, side B the one below.

export const GEOMETRY = {
  pad: 16,
  labelWidth: 92,
  slotWidth: 168,
  dispenserWidth: 128,
  dispenserHeight: 52,
  roadHeight: 44,
  nozzleZone: 42,
  nozzleRadius: 15,
} as const;

const ISLAND_HEIGHT = GEOMETRY.dispenserHeight + 2 * GEOMETRY.nozzleZone;
const ROW_HEIGHT = GEOMETRY.roadHeight + ISLAND_HEIGHT;

export type TPlacedNozzle = TSchematicNozzle & { cx: number; cy: number };
export type TPlacedDispenser = Omit<TSchematicDispenser, 'nozzles'> & {
  x: number;
  y: number;
  width: number;
  height: number;
  nozzles: TPlacedNozzle[];
};
export type TSchematicLayout = {
  width: number;
  height: number;
  /** Asphalt strips between and around the islands. */
  roads: { y: number; height: number }[];
  lanes: {
    lane: number;
    /** Where the lane's label sits (its island's vertical centre). */
    labelY: number;
    island: { x: number; y: number; width: number; height: number };
    dispensers: TPlacedDispenser[];
  }[];
};

/** Positions of every lane, island, dispenser and nozzle of the drawing. */
export function layoutSchematic(schematic: TStationSchematic): TSchematicLayout {
  const g = GEOMETRY;
  const widest = Math.max(1, ...schematic.lanes.map((lane) => lane.dispensers.length));
  const width = g.pad * 2 + g.labelWidth + widest * g.slotWidth;
  const roads: TSchematicLayout['roads'] = [];
  const lanes: TSchematicLayout['lanes'] = schematic.lanes.map((lane, row) => {
    const top = row * ROW_HEIGHT;
    roads.push({ y: top, height: g.roadHeight });
    const islandY = top + g.roadHeight;
    const dispenserY = islandY + g.nozzleZone;
    const firstX = g.pad + g.labelWidth;
    const dispensers = lane.dispensers.map((dispenser, index): TPlacedDispenser => {
      const x = firstX + index * g.slotWidth + (g.slotWidth - g.dispenserWidth) / 2;
      const placeSide = (side: 'A' | 'B') => {
        const onSide = dispenser.nozzles.filter((nozzle) => nozzle.side === side);
        const cy =
          side === 'A' ? dispenserY - g.nozzleZone / 2 : dispenserY + g.dispenserHeight + g.nozzleZone / 2;
        return onSide.map((nozzle, i) => ({
          ...nozzle,
          cx: x + (g.dispenserWidth * (i + 1)) / (onSide.length + 1),
          cy,
        }));
      };
      return {
        ...dispenser,
        x,
        y: dispenserY,
        width: g.dispenserWidth,
        height: g.dispenserHeight,
        nozzles: [...placeSide('A'), ...placeSide('B')],
      };
    });
    const islandWidth = Math.max(1, lane.dispensers.length) * g.slotWidth - 16;
    return {
      lane: lane.lane,
      labelY: islandY + ISLAND_HEIGHT / 2,
      island: { x: firstX + 8, y: islandY + 4, width: islandWidth, height: ISLAND_HEIGHT - 8 },
      dispensers,
    };
  });
  const height = schematic.lanes.length * ROW_HEIGHT + g.roadHeight;
  roads.push({ y: height - g.roadHeight, height: g.roadHeight });
  return { width, height, roads, lanes };
}

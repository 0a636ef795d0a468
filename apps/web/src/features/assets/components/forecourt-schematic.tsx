import type { TFuel, TFuellingPointState, TStationSchematic } from '@forecourt/contracts';
import { Tooltip } from '@mantine/core';
import { type CSSProperties, useId, useMemo } from 'react';
import { formatDateTime, MISSING_VALUE } from '../../../lib/format';
import { FUEL_LABELS } from '../../stations';
import { DISPENSER_STATUS_LABELS, FUELLING_POINT_STATE_LABELS } from '../labels';
import {
  GEOMETRY,
  layoutSchematic,
  listFuellingPoints,
  type TPlacedDispenser,
  type TPlacedNozzle,
} from '../schematic-model';
import classes from './schematic.module.css';
import { FUELLING_POINT_STATE_ICONS, fuelStyle, fuelTextColor } from './state-visuals';

const R = GEOMETRY.nozzleRadius;

/**
 * One fuelling point drawn around (0, 0): the fuel's colour with the nozzle number, a ring in the
 * state's colour and style (dashed for a fault), a badge with the state's icon, a hatch over an
 * offline point and a pulse while fuelling.
 */
export function NozzleMark({
  state,
  fuel,
  number,
  hatchId,
}: {
  state: TFuellingPointState;
  fuel: TFuel | null;
  number?: number;
  hatchId: string;
}) {
  const Icon = FUELLING_POINT_STATE_ICONS[state];
  const badge = { x: R - 1, y: -R + 1 };
  return (
    <>
      {state === 'fuelling' && <circle className={classes.pulse} r={R + 2} />}
      <circle className={classes.ring} r={R + 2} />
      <circle className={classes.fuel} r={R - 3} style={fuel ? fuelStyle(fuel) : undefined} />
      {state === 'offline' && <circle r={R - 3} fill={`url(#${hatchId})`} />}
      {number !== undefined && (
        <text
          className={classes.number}
          textAnchor="middle"
          dominantBaseline="central"
          style={{ fill: fuel ? fuelTextColor(fuel) : undefined }}
        >
          {number}
        </text>
      )}
      <circle className={classes.badge} cx={badge.x} cy={badge.y} r={8.5} />
      <Icon
        x={badge.x - 5.5}
        y={badge.y - 5.5}
        size={11}
        stroke={2.6}
        color="var(--mantine-color-white)"
        aria-hidden
      />
    </>
  );
}

/** The diagonal hatch that marks offline points (needs a unique id per drawing). */
export function HatchPattern({ id }: { id: string }) {
  return (
    <pattern id={id} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <line className={classes.hatch} x1={0} y1={0} x2={0} y2={5} />
    </pattern>
  );
}

function describeNozzle(nozzle: TPlacedNozzle, dispenserCode: string, now: number): string {
  const last = nozzle.lastTransactionAt ? formatDateTime(nozzle.lastTransactionAt, { now }) : 'none recorded';
  return (
    `${dispenserCode} nozzle ${nozzle.number} (side ${nozzle.side}), ${FUEL_LABELS[nozzle.fuel]}: ` +
    `${FUELLING_POINT_STATE_LABELS[nozzle.state]}. Last transaction ${last}.`
  );
}

function NozzleTooltip({ nozzle, code, now }: { nozzle: TPlacedNozzle; code: string; now: number }) {
  return (
    <div>
      <strong>
        {code} · nozzle {nozzle.number} · side {nozzle.side}
      </strong>
      <div>
        {FUEL_LABELS[nozzle.fuel]} — {FUELLING_POINT_STATE_LABELS[nozzle.state]}
      </div>
      <div>
        Last transaction:{' '}
        {nozzle.lastTransactionAt ? formatDateTime(nozzle.lastTransactionAt, { now }) : MISSING_VALUE}
      </div>
    </div>
  );
}

/**
 * Under a dispenser's code: its reported status when that explains its state (maintenance, offline,
 * fault), otherwise the state it shows (a reported "idle" dispenser with a nozzle in use is fuelling).
 */
export function dispenserCaption(dispenser: Pick<TPlacedDispenser, 'status' | 'state'>): string {
  return dispenser.status === 'maintenance' || dispenser.status === 'offline' || dispenser.status === 'fault'
    ? DISPENSER_STATUS_LABELS[dispenser.status]
    : FUELLING_POINT_STATE_LABELS[dispenser.state];
}

const pct = (value: number, total: number) => `${(value / total) * 100}%`;

/**
 * The forecourt as an SVG (`role="img"` with a title and a description; the fuelling points are
 * listed in the companion table). Over each point sits a focusable button with a tooltip, so the
 * details are reachable by keyboard and touch as well as the mouse.
 */
export function ForecourtSchematic({
  schematic,
  stationName,
}: {
  schematic: TStationSchematic;
  stationName: string;
}) {
  const layout = useMemo(() => layoutSchematic(schematic), [schematic]);
  const points = useMemo(() => listFuellingPoints(schematic), [schematic]);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const titleId = `${uid}-title`;
  const descId = `${uid}-desc`;
  const hatchId = `${uid}-hatch`;
  const now = Date.parse(schematic.at);
  const { width, height } = layout;
  const fuelling = points.filter((point) => point.nozzle.state === 'fuelling').length;
  const faults = points.filter((point) => point.nozzle.state === 'fault').length;
  const offline = points.filter((point) => point.nozzle.state === 'offline').length;
  // Drawn at its natural size at most (a small forecourt does not balloon), shrinking on narrower
  // screens down to ~60 %, below which it scrolls sideways rather than shrink labels further.
  const canvasStyle: CSSProperties = { maxWidth: width, minWidth: Math.round(width * 0.6) };

  return (
    <div className={classes.scroller}>
      <div className={classes.canvas} style={canvasStyle}>
        <svg
          className={classes.svg}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          data-testid="schematic-svg"
        >
          <title id={titleId}>Forecourt schematic of {stationName}</title>
          <desc id={descId}>
            {`${schematic.lanes.length} lanes, ${points.length} fuelling points: ${fuelling} fuelling, ` +
              `${faults} with a fault, ${offline} offline. The table below lists every point.`}
          </desc>
          <defs>
            <HatchPattern id={hatchId} />
          </defs>
          {layout.roads.map((road) => (
            <g key={road.y}>
              <rect className={classes.road} x={0} y={road.y} width={width} height={road.height} />
              <line
                className={classes.roadLine}
                x1={GEOMETRY.pad}
                x2={width - GEOMETRY.pad}
                y1={road.y + road.height / 2}
                y2={road.y + road.height / 2}
              />
            </g>
          ))}
          {layout.lanes.map((lane) => (
            <g key={lane.lane} data-testid="schematic-lane" data-lane={lane.lane}>
              <text className={classes.laneLabel} x={GEOMETRY.pad} y={lane.labelY} dominantBaseline="central">
                Lane {lane.lane}
              </text>
              <rect className={classes.island} rx={14} {...lane.island} />
              <text
                className={classes.sideLabel}
                x={GEOMETRY.pad}
                y={lane.island.y + 14}
                dominantBaseline="central"
              >
                SIDE A
              </text>
              <text
                className={classes.sideLabel}
                x={GEOMETRY.pad}
                y={lane.island.y + lane.island.height - 14}
                dominantBaseline="central"
              >
                SIDE B
              </text>
              {lane.dispensers.map((dispenser) => (
                <g
                  key={dispenser.id}
                  className={classes.dispenserGroup}
                  data-state={dispenser.state}
                  data-testid="schematic-dispenser"
                >
                  {dispenser.nozzles.map((nozzle) => (
                    <line
                      key={nozzle.id}
                      className={classes.hose}
                      x1={nozzle.cx}
                      x2={nozzle.cx}
                      y1={nozzle.cy}
                      y2={nozzle.side === 'A' ? dispenser.y : dispenser.y + dispenser.height}
                    />
                  ))}
                  <rect
                    className={classes.dispenser}
                    x={dispenser.x}
                    y={dispenser.y}
                    width={dispenser.width}
                    height={dispenser.height}
                    rx={8}
                  />
                  <text
                    className={classes.dispenserCode}
                    x={dispenser.x + dispenser.width / 2}
                    y={dispenser.y + 20}
                    textAnchor="middle"
                    dominantBaseline="central"
                  >
                    {dispenser.code}
                  </text>
                  <text
                    className={classes.dispenserStatus}
                    x={dispenser.x + dispenser.width / 2}
                    y={dispenser.y + 38}
                    textAnchor="middle"
                    dominantBaseline="central"
                  >
                    {dispenserCaption(dispenser)}
                  </text>
                  {dispenser.nozzles.map((nozzle) => (
                    <g
                      key={nozzle.id}
                      className={classes.point}
                      transform={`translate(${nozzle.cx} ${nozzle.cy})`}
                      data-testid="schematic-nozzle"
                      data-nozzle-id={nozzle.id}
                      data-state={nozzle.state}
                      data-fuel={nozzle.fuel}
                    >
                      <title>{describeNozzle(nozzle, dispenser.code, now)}</title>
                      <NozzleMark
                        state={nozzle.state}
                        fuel={nozzle.fuel}
                        number={nozzle.number}
                        hatchId={hatchId}
                      />
                    </g>
                  ))}
                </g>
              ))}
            </g>
          ))}
        </svg>
        {layout.lanes.flatMap((lane) =>
          lane.dispensers.flatMap((dispenser) =>
            dispenser.nozzles.map((nozzle) => {
              const size = 2 * (R + 6);
              return (
                <Tooltip
                  key={nozzle.id}
                  label={<NozzleTooltip nozzle={nozzle} code={dispenser.code} now={now} />}
                  events={{ hover: true, focus: true, touch: true }}
                  withArrow
                  multiline
                >
                  <button
                    type="button"
                    className={classes.hotspot}
                    aria-label={describeNozzle(nozzle, dispenser.code, now)}
                    data-testid="schematic-point"
                    data-nozzle-id={nozzle.id}
                    style={{
                      left: pct(nozzle.cx - size / 2, width),
                      top: pct(nozzle.cy - size / 2, height),
                      width: pct(size, width),
                      height: pct(size, height),
                    }}
                  />
                </Tooltip>
              );
            }),
          ),
        )}
      </div>
    </div>
  );
}

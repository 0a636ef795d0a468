import type { TApiKeyCreated, TFuel } from '@forecourt/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { createStation } from '../../test/factories';

/** Test fixtures for ingest, realtime and the simulator (not used by the app). */

export type Forecourt = {
  station: { id: number; slug: string; organizationId: number };
  dispensers: { D1: number; D2: number };
  /** Nozzle ids: D1 n1 petrol, D1 n2 diesel, D2 n1 cng. */
  nozzles: { petrol: number; diesel: number; cng: number };
  attendantId: number;
};

/** A station with two dispensers on two lanes, three nozzles, prices and one attendant. */
export async function createForecourt(
  db: Db,
  organizationId: number,
  options: { slug?: string; at?: number } = {},
): Promise<Forecourt> {
  const at = options.at ?? Date.now();
  const station = await createStation(db, organizationId, {
    ...(options.slug ? { slug: options.slug } : {}),
    fuels: ['petrol', 'diesel', 'cng'],
  });
  const dispenser = (code: string, lane: number) =>
    db
      .insertInto('dispensers')
      .values({
        organizationId,
        stationId: station.id,
        code,
        lane,
        make: 'Tokheim',
        status: 'idle',
        installedOn: '2020-01-01',
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const d1 = await dispenser('D1', 1);
  const d2 = await dispenser('D2', 2);
  const nozzle = (dispenserId: number, number: number, fuel: TFuel) =>
    db
      .insertInto('nozzles')
      .values({
        organizationId,
        stationId: station.id,
        dispenserId,
        number,
        side: number % 2 ? 'A' : 'B',
        fuel,
        status: 'idle',
        totalizerMilli: 1_000_000,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const petrol = await nozzle(d1.id, 1, 'petrol');
  const diesel = await nozzle(d1.id, 2, 'diesel');
  const cng = await nozzle(d2.id, 1, 'cng');
  const effectiveOn = new Date(at).toISOString().slice(0, 10);
  await db
    .insertInto('fuelPrices')
    .values(
      (
        [
          ['petrol', 10_472],
          ['diesel', 9_021],
          ['cng', 8_890],
        ] as const
      ).map(([fuel, pricePaise]) => ({
        organizationId,
        stationId: station.id,
        fuel,
        effectiveOn,
        pricePaise,
      })),
    )
    .execute();
  const attendant = await db
    .insertInto('personnel')
    .values({
      organizationId,
      stationId: station.id,
      name: 'Sunil Yadav',
      role: 'attendant',
      phone: '+919800000000',
      shift: 'morning',
      status: 'active',
      joinedOn: '2021-01-01',
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    station: { id: station.id, slug: station.slug, organizationId },
    dispensers: { D1: d1.id, D2: d2.id },
    nozzles: { petrol: petrol.id, diesel: diesel.id, cng: cng.id },
    attendantId: attendant.id,
  };
}

/** Creates an API key over HTTP as the given admin; returns the created key with its secret. */
export async function createKey(
  app: FastifyInstance,
  headers: Record<string, string>,
  slug: string,
  name = 'Forecourt controller',
): Promise<TApiKeyCreated> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/stations/${slug}/api-keys`,
    headers,
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`creating a key: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** A completed petrol fill of `litres` at `startMs` on the fixture's petrol nozzle. */
export function fill(
  forecourt: Forecourt,
  sourceId: string,
  startMs: number,
  options: { litres?: number; registration?: string | null; mode?: string } = {},
) {
  const litres = options.litres ?? 20;
  return {
    sourceId,
    nozzleId: forecourt.nozzles.petrol,
    startDate: new Date(startMs).toISOString(),
    endDate: new Date(startMs + 120_000).toISOString(),
    quantity: litres,
    unitPricePaise: 10_472,
    amountPaise: Math.round(litres * 10_472),
    paymentMode: options.mode ?? 'upi',
    vehicleRegistration: options.registration === undefined ? 'MH12AB1234' : options.registration,
    vehicleClass: 'car',
  };
}

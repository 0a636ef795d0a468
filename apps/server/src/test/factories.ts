import { fuelMask, type TFuel, type TFuelProvider, type TStationStatus } from '@forecourt/contracts';
import type { Db } from '../db/database';

let sequence = 0;
const next = () => ++sequence;

/** Test data builders: each inserts one row with sensible defaults and returns it. */
export async function createOrganization(db: Db, overrides: { name?: string; slug?: string } = {}) {
  const n = next();
  const now = Date.now();
  return db
    .insertInto('organizations')
    .values({
      slug: overrides.slug ?? `org-${n}`,
      name: overrides.name ?? `Organisation ${n}`,
      kind: 'dealer_group',
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createStation(
  db: Db,
  organizationId: number,
  overrides: {
    name?: string;
    slug?: string;
    city?: string;
    status?: TStationStatus;
    fuelProvider?: TFuelProvider;
    fuels?: TFuel[];
    openedOn?: string;
  } = {},
) {
  const n = next();
  const now = Date.now();
  return db
    .insertInto('stations')
    .values({
      organizationId,
      slug: overrides.slug ?? `station-${n}`,
      name: overrides.name ?? `Station ${n}`,
      code: `ST${String(n).padStart(4, '0')}`,
      fuelProvider: overrides.fuelProvider ?? 'IOCL',
      fuelMask: fuelMask(overrides.fuels ?? ['petrol', 'diesel']),
      status: overrides.status ?? 'operational',
      city: overrides.city ?? 'Pune',
      state: 'Maharashtra',
      address: `${n} Test Road`,
      pincode: '411001',
      lat: 18.52,
      lng: 73.85,
      lanes: 2,
      dispenserCount: 4,
      openedOn: overrides.openedOn ?? '2020-01-01',
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

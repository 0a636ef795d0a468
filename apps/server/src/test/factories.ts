import {
  fuelMask,
  type TFuel,
  type TFuelProvider,
  type TRole,
  type TStationStatus,
} from '@forecourt/contracts';
import type { Db } from '../db/database';
import { hashPassword } from '../modules/auth/password';
import { issueTokens } from '../modules/auth/sessions.service';

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

/** The password of every user the factories create (unless given one). */
export const TEST_PASSWORD = 'nozzle-ledger-forecourt';
let testPasswordHash: Promise<string> | undefined;

export async function createUser(
  db: Db,
  overrides: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    disabled?: boolean;
    emailVerified?: boolean;
  } = {},
) {
  const n = next();
  const now = Date.now();
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = overrides.password ? await hashPassword(overrides.password) : await testPasswordHash;
  return db
    .insertInto('users')
    .values({
      email: overrides.email ?? `user-${n}@example.test`,
      passwordHash,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? `User ${n}`,
      emailVerifiedAt: overrides.emailVerified === false ? null : now,
      disabledAt: overrides.disabled ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A membership; `stationIds` omitted or `'all'` gives every station of the organisation. */
export async function createMembership(
  db: Db,
  input: {
    organizationId: number;
    userId: number;
    role?: TRole;
    scope?: string | null;
    stationIds?: number[] | 'all';
    status?: string;
  },
) {
  const now = Date.now();
  const stationIds = input.stationIds ?? 'all';
  const membership = await db
    .insertInto('memberships')
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      role: input.role ?? 'member',
      scope: input.scope ?? null,
      status: input.status ?? 'active',
      allStations: stationIds === 'all' ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (stationIds !== 'all' && stationIds.length > 0) {
    await db
      .insertInto('membershipStations')
      .values(
        stationIds.map((stationId) => ({
          membershipId: membership.id,
          stationId,
          organizationId: input.organizationId,
        })),
      )
      .execute();
  }
  return membership;
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/**
 * A user (with a membership when `organizationId` is given) and a fresh session for them, issued
 * directly (no password check, no rate limits): `headers` go straight into `app.inject`.
 */
export async function createSignedInUser(
  db: Db,
  input: {
    organizationId?: number;
    role?: TRole;
    scope?: string | null;
    stationIds?: number[] | 'all';
    email?: string;
  } = {},
) {
  const user = await createUser(db, input.email ? { email: input.email } : {});
  if (input.organizationId !== undefined) {
    await createMembership(db, { ...input, organizationId: input.organizationId, userId: user.id });
  }
  const tokens = await issueTokens(db, user.id);
  return { user, tokens, headers: bearer(tokens.access_token) };
}

import type {
  TChallan,
  TCustomerSummary,
  TKeysetPage,
  TPayment,
  TStation,
  TStationSchematic,
  TTransaction,
  TVehicle,
  TVehicleDetail,
  TVehicleSighting,
} from '@forecourt/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { withMe } from '../../test/session';

/** Fixtures and a small fake server for the operations screens' tests. */

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const STATION: TStation = {
  id: 7,
  slug: 'ring-road-surat',
  name: 'Ring Road, Surat',
  code: 'SUR-007',
  fuelProvider: 'Nayara',
  fuels: ['petrol', 'diesel', 'cng'],
  status: 'operational',
  city: 'Surat',
  state: 'Gujarat',
  address: 'Ring Road, near Udhna Darwaja',
  pincode: '395002',
  lat: 21.1702,
  lng: 72.8311,
  dispenserCount: 2,
  openedOn: '2016-11-01',
};

export const SCHEMATIC: TStationSchematic = {
  stationId: STATION.id,
  at: minutesAgo(0),
  lanes: [
    {
      lane: 1,
      dispensers: [
        {
          id: 11,
          code: 'D-01',
          status: 'idle',
          state: 'idle',
          nozzles: [
            { id: 101, number: 1, side: 'A', fuel: 'petrol', state: 'idle', lastTransactionAt: null },
            { id: 102, number: 2, side: 'B', fuel: 'diesel', state: 'idle', lastTransactionAt: null },
          ],
        },
      ],
    },
  ],
};

export function transaction(id: number, overrides: Partial<TTransaction> = {}): TTransaction {
  return {
    id,
    stationId: STATION.id,
    dispenserId: 11,
    nozzleId: 102,
    fuel: 'diesel',
    startDate: minutesAgo(id),
    endDate: minutesAgo(id - 1),
    quantity: 32.5,
    unitPricePaise: 9_042,
    amountPaise: 293_865,
    paymentMode: 'upi',
    status: 'completed',
    vehicleRegistration: 'GJ05AB1234',
    vehicleClass: 'truck',
    customerId: null,
    attendantId: 3,
    ...overrides,
  };
}

export function payment(id: number, overrides: Partial<TPayment> = {}): TPayment {
  return {
    id,
    stationId: STATION.id,
    transactionId: id,
    timestamp: minutesAgo(id),
    mode: 'card',
    amountPaise: 150_000,
    status: 'success',
    reference: `RRN${id}0042`,
    provider: 'HDFC Bank',
    ...overrides,
  };
}

export function sighting(id: number, overrides: Partial<TVehicleSighting> = {}): TVehicleSighting {
  return {
    id,
    stationId: STATION.id,
    registration: 'GJ05CD9876',
    vehicleClass: 'car',
    servedAt: minutesAgo(id),
    lane: 2,
    confidence: 97,
    dwellSeconds: 272,
    transactionId: 55,
    ...overrides,
  };
}

export function customer(id: number, overrides: Partial<TCustomerSummary> = {}): TCustomerSummary {
  return {
    id,
    name: 'Meera Transport',
    kind: 'fleet',
    phone: '+91 98250 12345',
    email: null,
    homeStationId: STATION.id,
    createdAt: '2023-04-01T00:00:00.000Z',
    quantitySum: 1_250.5,
    quantityByFuel: { diesel: 1_200, cng: 50.5 },
    amountPaise: 11_345_000,
    transactionCount: 24,
    lastVisitAt: minutesAgo(90),
    ...overrides,
  };
}

export function challan(id: number, overrides: Partial<TChallan> = {}): TChallan {
  return {
    id,
    stationId: STATION.id,
    challanNo: `GJ${id}2401150001`,
    registration: 'GJ05EF4321',
    challanTime: minutesAgo(id * 60),
    place: 'Udhna Darwaja',
    stateCode: 'GJ',
    department: 'Surat City Traffic Police',
    offences: [{ act: 'MV Act 1988, s. 194D', name: 'Riding without a helmet' }],
    finePaise: 100_000,
    status: 'pending',
    paidAt: null,
    court: null,
    ...overrides,
  };
}

export function vehicle(id: number, overrides: Partial<TVehicle> = {}): TVehicle {
  return {
    id,
    registration: 'MH12AB1234',
    vehicleClass: 'car',
    fuel: 'petrol',
    customerId: null,
    firstSeenAt: '2024-01-05T04:30:00.000Z',
    servedAt: minutesAgo(30),
    isWatchlisted: false,
    ...overrides,
  };
}

export function page<T>(results: T[], extra: Partial<TKeysetPage<T>> = {}): TKeysetPage<T> {
  return { count: results.length, pages: results.length ? 1 : 0, results, ...extra };
}

export function vehicleDetail(overrides: Partial<TVehicleDetail> = {}): TVehicleDetail {
  return {
    vehicle: vehicle(1, { isWatchlisted: true }),
    window: {
      startDate: minutesAgo(24 * 60),
      endDate: minutesAgo(0),
      frequency: '5m',
      update: true,
      minInterval: '1h',
      maxInterval: '180d',
    },
    totals: {
      fills: 2,
      amountPaise: 412_000,
      quantityByFuel: { petrol: 40.25 },
      sightings: 3,
      pendingChallans: 1,
      pendingFinePaise: 50_000,
    },
    stations: [
      {
        stationId: STATION.id,
        slug: STATION.slug,
        name: STATION.name,
        fills: 2,
        amountPaise: 412_000,
        lastFillAt: minutesAgo(30),
      },
    ],
    fills: [transaction(30, { fuel: 'petrol', vehicleRegistration: 'MH12AB1234', quantity: 20.25 })],
    sightings: [sighting(31, { registration: 'MH12AB1234', stationId: 9 })],
    challans: [challan(5, { registration: 'MH12AB1234', finePaise: 50_000 })],
    ...overrides,
  };
}

type THandler = (url: URL) => Response | Promise<Response>;

/**
 * A fake server: `/api/auth/me`, the station and its schematic, plus `routes` by path. Anything
 * else is a 404.
 */
export function serve(routes: Record<string, THandler>) {
  const mock = stubFetch(
    withMe(({ url }) => {
      const handler = routes[url.pathname];
      if (handler) return handler(url);
      if (url.pathname === `/api/stations/${STATION.slug}`) return jsonResponse(STATION);
      if (url.pathname === `/api/stations/${STATION.slug}/schematic`) return jsonResponse(SCHEMATIC);
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    }),
  );
  /** The query strings the app sent to `path`, in order. */
  const queries = (path: string) =>
    callsTo(mock, path).map(([input]) => new URL(String(input), 'http://localhost').searchParams);
  return { mock, queries };
}

export const stationPath = (page: string) => `/api/stations/${STATION.slug}/${page}`;

/** Failures are final, so an error state shows at once instead of after the retry delays. */
export function withoutRetries(queryClient: QueryClient) {
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
}

/** Opens the multi-select labelled `label` and picks `option`. */
export async function pickOption(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

import type {
  TCommandCentre,
  TCommandStation,
  TCongestionSummary,
  TIncident,
  TKpiComparison,
  TMetricsPoint,
  TSalesKpis,
  TSalesSeries,
  TStationMetrics,
  TStationOverview,
  TTimeWindow,
} from '@forecourt/contracts';
import { errorResponse, jsonResponse, stubFetch, type TFetchHandler } from '../../test/fetch-stub';
import { withMe } from '../../test/session';
import { STATION, transaction } from '../operations/test-fixtures';

/** Fixtures and a small fake server for the chart screens' tests. */

export { STATION };

/** A fixed window in the address bar, and what the API must be asked for it. */
export const FIXED = {
  startDate: '2026-11-01T00:00:00.000Z',
  endDate: '2026-11-02T00:00:00.000Z',
  query: 'startDate=2026-11-01T00:00:00.000Z&endDate=2026-11-02T00:00:00.000Z',
};

/** Longer than a week and than 180 days: too long for every chart screen. */
export const TOO_LONG = 'startDate=2025-01-01T00:00:00.000Z&endDate=2026-11-01T00:00:00.000Z';

export const WINDOW: TTimeWindow = {
  startDate: FIXED.startDate,
  endDate: FIXED.endDate,
  frequency: '1h',
  update: false,
  minInterval: '1h',
  maxInterval: '1w',
};

const hour = (index: number) => new Date(Date.parse(FIXED.startDate) + index * 3_600_000).toISOString();

export const KPIS: TSalesKpis = {
  revenuePaise: 12_345_678,
  transactions: 321,
  averageTicketPaise: 38_460,
  fuels: [
    { fuel: 'diesel', quantity: 1234.5, amountPaise: 9_000_000, transactions: 200 },
    { fuel: 'cng', quantity: 86.25, amountPaise: 3_345_678, transactions: 121 },
  ],
  paymentMix: [
    { mode: 'upi', amountPaise: 7_407_407, transactions: 190, share: 0.6 },
    { mode: 'cash', amountPaise: 4_938_271, transactions: 131, share: 0.4 },
  ],
  vehiclesServed: 250,
  openIncidents: 3,
};

export const NO_SALES: TSalesKpis = {
  ...KPIS,
  revenuePaise: 0,
  transactions: 0,
  averageTicketPaise: null,
  fuels: [],
  paymentMix: [],
  vehiclesServed: 0,
};

/** The previous period: revenue was lower, fills higher; a rising trend over three hours. */
export const COMPARISON: TKpiComparison = {
  previousWindow: { startDate: '2026-03-08T18:30:00.000Z', endDate: FIXED.startDate },
  previous: { revenuePaise: 10_000_000, transactions: 400, averageTicketPaise: 25_000, vehiclesServed: 250 },
  stepMs: 3_600_000,
  trend: [0, 1, 2].map((index) => ({
    at: hour(index),
    revenuePaise: 3_000_000 + index * 1_000_000,
    transactions: 100 + index,
  })),
};

export function overview(kpis: TSalesKpis = KPIS): TStationOverview {
  return {
    window: { ...WINDOW, maxInterval: '180d' },
    kpis,
    comparison: COMPARISON,
    location: { lat: STATION.lat, lng: STATION.lng, directionsUrl: 'https://example.invalid/directions' },
  };
}

export function metricsPoint(index: number, overrides: Partial<TMetricsPoint> = {}): TMetricsPoint {
  return {
    at: hour(index),
    volume: { diesel: 120.5, petrol: 40, cng: 12 },
    transactions: 14,
    amountPaise: 1_400_000,
    averageTicketPaise: 100_000,
    vehicles: 18,
    queueLength: 2.5,
    maxQueueLength: 4,
    waitSeconds: 240,
    ...overrides,
  };
}

export function stationMetrics(
  points: TMetricsPoint[] = [0, 1, 2].map((index) => metricsPoint(index)),
): TStationMetrics {
  return { window: WINDOW, points };
}

export const QUIET_POINT: Partial<TMetricsPoint> = {
  volume: {},
  transactions: 0,
  amountPaise: 0,
  averageTicketPaise: null,
  vehicles: 0,
  queueLength: null,
  maxQueueLength: null,
  waitSeconds: null,
};

export function salesSeries(overrides: Partial<TSalesSeries> = {}): TSalesSeries {
  return {
    window: { ...WINDOW, maxInterval: '180d' },
    points: [0, 1].map((index) => ({
      at: hour(index),
      amountPaise: 6_172_839,
      transactions: 160,
      fuels: { diesel: { quantity: 617.25, amountPaise: 4_500_000, transactions: 100 } },
      modes: { upi: { amountPaise: 3_703_703, transactions: 95 } },
    })),
    fuels: KPIS.fuels,
    paymentMix: KPIS.paymentMix,
    ...overrides,
  };
}

export function congestionSummary(overrides: Partial<TCongestionSummary> = {}): TCongestionSummary {
  return {
    window: WINDOW,
    lanes: [1, 2].map((lane) => ({
      lane,
      averageQueueLength: lane * 1.5,
      maxQueueLength: lane * 4,
      averageWaitSeconds: lane * 150,
      points: [0, 1].map((index) => ({
        at: hour(index),
        queueLength: lane,
        maxQueueLength: lane + 1,
        waitSeconds: lane * 120,
      })),
    })),
    busiestHours: [
      { hour: 18, averageQueueLength: 6.2, averageWaitSeconds: 540 },
      { hour: 9, averageQueueLength: 4.8, averageWaitSeconds: 400 },
    ],
    ...overrides,
  };
}

function commandStation(id: number, name: string, revenuePaise: number): TCommandStation {
  return {
    id,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    name,
    city: 'Pune',
    status: 'operational',
    lat: 18.5 + id / 100,
    lng: 73.8,
    revenuePaise,
    transactions: Math.round(revenuePaise / 50_000),
    openIncidents: id === 1 ? 2 : 0,
  };
}

export const COMMAND_STATIONS = [
  commandStation(1, 'Baner Road', 9_000_000),
  commandStation(2, 'Hinjewadi Phase 1', 7_000_000),
  commandStation(3, 'Kothrud Depot', 500_000),
  commandStation(4, 'Wakad Bridge', 120_000),
];

const INCIDENT: TIncident = {
  id: 41,
  number: 454,
  stationId: 1,
  dispenserId: null,
  group: 'revenue',
  type: 'payment_failure',
  severity: 'high',
  status: 'open',
  title: '9 failed payments today',
  description: 'UPI collect requests timing out',
  assigneeUserId: null,
  openedAt: hour(3),
  acknowledgedAt: null,
  resolvedAt: null,
  closedAt: null,
  slaDueAt: hour(7),
};

export function commandCentre(overrides: Partial<TCommandCentre> = {}): TCommandCentre {
  return {
    window: { ...WINDOW, maxInterval: '180d' },
    kpis: KPIS,
    comparison: COMPARISON,
    stationsByStatus: [
      { status: 'operational', count: 3 },
      { status: 'degraded', count: 1 },
      { status: 'offline', count: 0 },
      { status: 'closed', count: 0 },
    ],
    stations: COMMAND_STATIONS,
    top: COMMAND_STATIONS.slice(0, 2),
    bottom: [...COMMAND_STATIONS].reverse().slice(0, 2),
    latestTransactions: [transaction(901, { stationId: 2, amountPaise: 250_000, fuel: 'petrol' })],
    latestIncidents: [INCIDENT],
    ...overrides,
  };
}

/**
 * Stubs the API: the station record for the station layout, `/api/auth/me`, and `answers` by path
 * (`/api/stations/ring-road-surat/overview`, `/api/command`…); anything else is a 404.
 */
export function serveMetrics(answers: Record<string, TFetchHandler | object>) {
  return stubFetch(
    withMe((request) => {
      if (request.url.pathname === `/api/stations/${STATION.slug}`) return jsonResponse(STATION);
      const answer = answers[request.url.pathname];
      if (typeof answer === 'function') return (answer as TFetchHandler)(request);
      return answer ? jsonResponse(answer) : errorResponse(404, 'NOT_FOUND', 'Not found');
    }),
  );
}

export const stationPath = (page: string) => `/api/stations/${STATION.slug}/${page}`;

/** The query of the latest call to `pathname`, as a record. */
export function lastQuery(mock: ReturnType<typeof stubFetch>, pathname: string): Record<string, string> {
  const calls = mock.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://localhost').pathname === pathname,
  );
  const last = calls.at(-1);
  return last ? Object.fromEntries(new URL(String(last[0]), 'http://localhost').searchParams) : {};
}

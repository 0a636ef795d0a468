import type {
  TAuditEntry,
  TLoyaltyProgram,
  TLoyaltyTransactionItem,
  TSettlementDetail,
  TSettlementStatus,
} from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route as LoyaltyPage } from '../../routes/loyalty.lazy';
import { Route as ProgramPage } from '../../routes/loyalty.program.lazy';
import { Route as SettlementPage } from '../../routes/loyalty.settlement.lazy';
import { Route as SettlementsPage } from '../../routes/loyalty.settlements.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { stationList, testStation } from '../../test/stations';
import { ZLoyaltyTransactionsSearch, ZSettlementsSearch } from './search';

const PROGRAM: TLoyaltyProgram = {
  id: 3,
  slug: 'sahyog-rewards',
  name: 'Sahyog Rewards',
  pointsPerHundred: 1,
};

const entry = (patch: Partial<TLoyaltyTransactionItem> = {}): TLoyaltyTransactionItem => ({
  id: 11,
  programId: 3,
  stationId: 1,
  stationName: 'Baner Road',
  customerId: null,
  cardId: 4,
  transactionId: 90,
  kind: 'redeem',
  points: -250,
  amountPaise: 250_000,
  status: 'pending',
  isTest: false,
  createdAt: '2026-03-01T08:00:00.000Z',
  ...patch,
});

const STATIONS = stationList(testStation());

const TRANSITIONS: Record<TSettlementStatus, TSettlementStatus[]> = {
  pending: ['processing'],
  processing: ['settled', 'failed'],
  failed: ['processing'],
  settled: [],
};

const statement = (status: TSettlementStatus, audit: TAuditEntry[] = []): TSettlementDetail => ({
  id: 9,
  programId: 3,
  stationId: 1,
  stationName: 'Baner Road',
  periodStart: '2026-02-22T18:30:00.000Z',
  periodEnd: '2026-03-01T18:30:00.000Z',
  transactionCount: 412,
  grossPaise: 5_000_000,
  feePaise: 37_500,
  netPaise: 4_962_500,
  status,
  utr: status === 'settled' ? 'KAVBN12345678901' : null,
  settledAt: status === 'settled' ? '2026-03-02T06:00:00.000Z' : null,
  createdAt: '2026-03-01T18:30:00.000Z',
  program: { id: 3, slug: 'sahyog-rewards', name: 'Sahyog Rewards' },
  station: { id: 1, slug: 'baner-road', name: 'Baner Road' },
  loyalty: [
    { kind: 'earn', count: 30, points: 900, amountPaise: 9_000_000 },
    { kind: 'redeem', count: 4, points: -800, amountPaise: 80_000 },
  ],
  allowedTransitions: TRANSITIONS[status],
  audit,
});

let current: TSettlementDetail;
let programs: TLoyaltyProgram[];

function serve(role: 'admin' | 'member' = 'admin') {
  return stubFetch(
    withMe(({ url, method, body }) => {
      const base = '/api/loyalty/sahyog-rewards';
      if (url.pathname === '/api/stations') return jsonResponse(STATIONS);
      if (url.pathname === '/api/loyalty') return jsonResponse({ results: programs });
      if (url.pathname === `${base}/transactions` && url.searchParams.get('format') === 'csv') {
        return new Response('id,status\r\n11,pending\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="sahyog-rewards-loyalty-20260301.csv"',
          },
        });
      }
      if (url.pathname === `${base}/transactions`) {
        return jsonResponse({ count: 1, pages: 1, results: [entry()] });
      }
      if (url.pathname === `${base}/settlements`) {
        return jsonResponse({ count: 1, pages: 1, results: [statement('pending')] });
      }
      if (url.pathname === `${base}/settlements/9` && method === 'GET') return jsonResponse(current);
      if (url.pathname === `${base}/settlements/9/status` && method === 'POST') {
        const request = body as { to: TSettlementStatus; utr?: string };
        const action = request.to === 'processing' ? 'settlement.processing' : `settlement.${request.to}`;
        current = statement(request.to, [
          {
            id: current.audit.length + 1,
            at: '2026-03-02T06:00:00.000Z',
            action,
            actor: { id: 1, name: 'Asha Kulkarni' },
            data: { from: current.status, to: request.to, ...(request.utr ? { utr: request.utr } : {}) },
          },
          ...current.audit,
        ]);
        return jsonResponse(current);
      }
      return errorResponse(404, 'NOT_FOUND', 'Loyalty programme was not found');
    }, ME[role]),
  );
}

beforeEach(() => {
  current = statement('pending');
  programs = [PROGRAM];
});

/** The loyalty screens, without the rest of the app. */
const PAGES: TScreenPage[] = [
  { page: LoyaltyPage },
  { page: ProgramPage, validateSearch: ZLoyaltyTransactionsSearch },
  { page: SettlementsPage, validateSearch: ZSettlementsSearch },
  { page: SettlementPage },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('/loyalty', () => {
  it("opens the organisation's only programme", async () => {
    signIn('admin');
    serve();
    const { router } = renderPage('/loyalty');
    await waitFor(() => expect(router.state.location.pathname).toBe('/loyalty/sahyog-rewards'));
    expect(await screen.findByRole('heading', { name: 'Sahyog Rewards' })).toBeTruthy();
  });

  it('offers a choice when there are several programmes', async () => {
    signIn('admin');
    programs = [PROGRAM, { id: 4, slug: 'fleet-pass', name: 'Fleet Pass', pointsPerHundred: 0 }];
    serve();
    renderPage('/loyalty');
    expect(await screen.findByRole('link', { name: 'Fleet Pass' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sahyog Rewards' })).toBeTruthy();
  });

  it('says so for a programme that is not the organisation’s', async () => {
    signIn('admin');
    serve();
    renderPage('/loyalty/someone-elses');
    expect(await screen.findByText('Loyalty programme not found')).toBeTruthy();
  });
});

describe('the ledger', () => {
  it('sends the window and the filters from the address bar', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderPage('/loyalty/sahyog-rewards?status=pending&isTest=true&station=1&kind=redeem');
    const rows = await screen.findAllByTestId('loyalty-transactions-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('Redeemed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).getByText('-250')).toBeTruthy();
    const [[input]] = callsTo(fetchMock, '/api/loyalty/sahyog-rewards/transactions') as [[string]];
    const url = new URL(input, 'http://localhost');
    expect(url.searchParams.get('status')).toBe('pending');
    expect(url.searchParams.get('isTest')).toBe('true');
    expect(url.searchParams.get('station')).toBe('1');
    expect(url.searchParams.get('kind')).toBe('redeem');
    const span =
      Date.parse(url.searchParams.get('endDate') ?? '') - Date.parse(url.searchParams.get('startDate') ?? '');
    expect(span).toBe(24 * 3_600_000);
  });

  it('leaves status and test flag to the API defaults without filters', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderPage('/loyalty/sahyog-rewards');
    await screen.findAllByTestId('loyalty-transactions-row');
    const [[input]] = callsTo(fetchMock, '/api/loyalty/sahyog-rewards/transactions') as [[string]];
    const url = new URL(input, 'http://localhost');
    expect(url.searchParams.has('status')).toBe(false);
    expect(url.searchParams.has('isTest')).toBe(false);
  });

  it('downloads the CSV with the active filters', async () => {
    signIn('admin');
    const fetchMock = serve();
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderPage('/loyalty/sahyog-rewards?status=pending&sort=points');
    await screen.findAllByTestId('loyalty-transactions-row');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const csvCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.searchParams.get('format') === 'csv');
    expect(csvCall?.pathname).toBe('/api/loyalty/sahyog-rewards/transactions');
    expect(csvCall?.searchParams.get('status')).toBe('pending');
    expect(csvCall?.searchParams.get('sort')).toBe('points');
    expect(csvCall?.searchParams.has('startDate')).toBe(true);
    expect(csvCall?.searchParams.has('cursor')).toBe(false);
  });
});

describe('settlements', () => {
  it('lists them with a link to each statement', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderPage('/loyalty/sahyog-rewards/settlements?status=pending');
    const rows = await screen.findAllByTestId('settlements-row');
    expect(within(rows[0]!).getByText('₹49,625.00')).toBeTruthy();
    const link = within(rows[0]!).getByRole('link', { name: /Statement of Baner Road/ });
    expect(link.getAttribute('href')).toBe('/loyalty/sahyog-rewards/settlements/9');
    const [[input]] = callsTo(fetchMock, '/api/loyalty/sahyog-rewards/settlements') as [[string]];
    const url = new URL(input, 'http://localhost');
    expect(url.searchParams.get('status')).toBe('pending');
    const span =
      Date.parse(url.searchParams.get('endDate') ?? '') - Date.parse(url.searchParams.get('startDate') ?? '');
    expect(span).toBe(30 * 86_400_000);
  });

  it('starts the payout, then settles it with a UTR; the history follows', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPage('/loyalty/sahyog-rewards/settlements/9');
    expect(await screen.findByRole('heading', { name: 'Statement · Baner Road' })).toBeTruthy();
    expect(within(screen.getByTestId('settlement-loyalty')).getByText('Earned')).toBeTruthy();
    expect(screen.getByText('No changes recorded yet.')).toBeTruthy();
    expect(screen.queryByLabelText(/UTR/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Start payout' }));
    expect(await screen.findByText('Payout started')).toBeTruthy();
    await user.type(screen.getByLabelText(/UTR/), 'KAVBN12345678901');
    await user.click(screen.getByRole('button', { name: 'Mark settled' }));
    expect(await screen.findByText('Marked settled · UTR KAVBN12345678901')).toBeTruthy();
    expect(screen.getByText('Paid out. Nothing more to do.')).toBeTruthy();

    const posts = callsTo(fetchMock, '/api/loyalty/sahyog-rewards/settlements/9/status', 'POST') as [
      unknown,
      RequestInit,
    ][];
    expect(posts.map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { to: 'processing' },
      { to: 'settled', utr: 'KAVBN12345678901' },
    ]);
  });

  it('shows a member the statement without actions', async () => {
    signIn('member');
    serve('member');
    renderPage('/loyalty/sahyog-rewards/settlements/9');
    await screen.findByRole('heading', { name: 'Statement · Baner Road' });
    expect(screen.getByText('You can view this settlement but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start payout' })).toBeNull();
  });
});

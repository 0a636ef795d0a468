import type {
  TCard,
  TCardActivationRequestItem,
  TCardActivationRequestPage,
  TCardDetail,
  TCardPage,
} from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as CardRequestsPage } from '../../routes/cards.activation-requests.lazy';
import { Route as CardPage } from '../../routes/cards.detail.lazy';
import { Route as CardsPage } from '../../routes/cards.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { ZCardRequestsSearch, ZCardsSearch } from './search';

const card = (patch: Partial<TCard> = {}): TCard => ({
  id: 8,
  programId: null,
  customerId: 3,
  kind: 'fleet',
  last4: '0042',
  maskedNumber: '•••• •••• •••• 0042',
  vehicleRegistration: 'KA01MJ2024',
  status: 'active',
  dailyLimitPaise: 2_000_000,
  monthlyLimitPaise: 50_000_000,
  balancePaise: 1_234_500,
  isTest: false,
  issuedAt: '2026-01-10T00:00:00.000Z',
  expiresAt: '2029-01-10T00:00:00.000Z',
  createdAt: '2026-01-10T00:00:00.000Z',
  ...patch,
});

const detail = (patch: Partial<TCardDetail> = {}): TCardDetail => ({
  ...card(),
  activationRequests: [],
  allowedTransitions: ['blocked'],
  audit: [],
  ...patch,
});

const request = (patch: Partial<TCardActivationRequestItem> = {}): TCardActivationRequestItem => ({
  id: 31,
  cardId: 9,
  requestedBy: 'Sharma Logistics',
  note: 'New truck',
  status: 'pending',
  reason: null,
  decidedAt: null,
  decidedByUserId: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
  card: {
    id: 9,
    kind: 'fleet',
    last4: '5151',
    maskedNumber: '•••• •••• •••• 5151',
    vehicleRegistration: 'MH12AB1234',
    status: 'issued',
    expiresAt: '2029-01-10T00:00:00.000Z',
  },
  ...patch,
});

let current: TCardDetail;
let pending: TCardActivationRequestItem;

function serve(role: 'admin' | 'member' = 'admin') {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === '/api/cards') {
        const page: TCardPage = { count: 1, pages: 1, results: [card()] };
        return jsonResponse(page);
      }
      if (url.pathname === '/api/cards/8' && method === 'GET') return jsonResponse(current);
      if (url.pathname === '/api/cards/8/status') {
        const { to, reason } = body as { to: 'active' | 'blocked'; reason: string };
        current = detail({
          status: to,
          allowedTransitions: to === 'blocked' ? ['active'] : ['blocked'],
          audit: [
            {
              id: 1,
              at: '2026-03-01T09:00:00.000Z',
              action: to === 'blocked' ? 'card.blocked' : 'card.unblocked',
              actor: { id: 1, name: 'Asha Rao' },
              data: { from: 'active', to, reason },
            },
          ],
        });
        return jsonResponse(current);
      }
      if (url.pathname === '/api/cards/8/limits') {
        current = detail(body as Partial<TCardDetail>);
        return jsonResponse(current);
      }
      if (url.pathname === '/api/card-activation-requests' && method === 'GET') {
        const page: TCardActivationRequestPage = { count: 1, pages: 1, results: [pending] };
        return jsonResponse(page);
      }
      if (url.pathname === '/api/card-activation-requests' && method === 'POST') {
        const filed = request({
          ...(body as { requestedBy: string }),
          cardId: 8,
          card: { ...pending.card, id: 8 },
        });
        current = detail({ ...current, activationRequests: [filed] });
        return jsonResponse(filed, 201);
      }
      if (url.pathname === '/api/card-activation-requests/31/decision') {
        const decision = body as { status: 'approved' | 'rejected'; reason?: string };
        pending = request({
          status: decision.status,
          reason: decision.reason ?? null,
          decidedAt: '2026-03-01T09:00:00.000Z',
          card: { ...pending.card, status: decision.status === 'approved' ? 'active' : 'issued' },
        });
        return jsonResponse(pending);
      }
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, ME[role]),
  );
}

beforeEach(() => {
  current = detail();
  pending = request();
});

/** The card screens, without the rest of the app. */
const PAGES: TScreenPage[] = [
  { page: CardsPage, validateSearch: ZCardsSearch },
  { page: CardRequestsPage, validateSearch: ZCardRequestsSearch },
  { page: CardPage },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the cards list', () => {
  it('shows masked numbers and sends the filters from the address bar', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderPage('/cards?status=blocked,active&kind=fleet&q=0042');
    const rows = await screen.findAllByTestId('cards-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('•••• •••• •••• 0042')).toBeTruthy();
    expect(within(rows[0]!).getByText('Active')).toBeTruthy();
    const [[input]] = callsTo(fetchMock, '/api/cards') as [[string]];
    const url = new URL(input, 'http://localhost');
    expect(url.searchParams.get('status')).toBe('active,blocked');
    expect(url.searchParams.get('kind')).toBe('fleet');
    expect(url.searchParams.get('q')).toBe('0042');
  });
});

describe('card activation requests', () => {
  it('approves after confirmation and shows the card active', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPage('/cards/activation-requests');
    const [row] = await screen.findAllByTestId('card-requests-row');
    expect(within(row!).getByText('Issued')).toBeTruthy();
    await user.click(within(row!).getByRole('button', { name: /Approve activation/ }));
    // Nothing is sent before the confirmation.
    expect(callsTo(fetchMock, '/api/card-activation-requests/31/decision')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Approve and activate' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/card-activation-requests/31/decision')).toHaveLength(1),
    );
    const [[, init]] = callsTo(fetchMock, '/api/card-activation-requests/31/decision') as [
      [string, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({ status: 'approved' });
    const [updated] = await screen.findAllByTestId('card-requests-row');
    await waitFor(() => expect(within(updated!).getByText('Approved')).toBeTruthy());
    expect(within(updated!).getByText('Active')).toBeTruthy();
  });

  it('needs a reason to reject', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPage('/cards/activation-requests');
    const [row] = await screen.findAllByTestId('card-requests-row');
    await user.click(within(row!).getByRole('button', { name: /Reject activation/ }));
    await user.click(await screen.findByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/card-activation-requests/31/decision')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Reason/), 'KYC incomplete');
    await user.click(screen.getByRole('button', { name: 'Reject request' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/card-activation-requests/31/decision')).toHaveLength(1),
    );
    const [[, init]] = callsTo(fetchMock, '/api/card-activation-requests/31/decision') as [
      [string, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({ status: 'rejected', reason: 'KYC incomplete' });
  });

  it('offers no decision to a member', async () => {
    signIn('member');
    serve('member');
    renderPage('/cards/activation-requests');
    const [row] = await screen.findAllByTestId('card-requests-row');
    expect(within(row!).queryByRole('button', { name: /Approve activation/ })).toBeNull();
    expect(within(row!).getByText('Waiting for an admin')).toBeTruthy();
  });
});

describe('the card page', () => {
  it('blocks the card with a reason and shows it in the history', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPage('/cards/8');
    expect(await screen.findByTestId('card-number')).toHaveProperty('textContent', '•••• •••• •••• 0042');
    await user.click(screen.getByRole('button', { name: 'Block card' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Reported stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Block card' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cards/8/status')).toHaveLength(1));
    const [[, init]] = callsTo(fetchMock, '/api/cards/8/status') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ to: 'blocked', reason: 'Reported stolen' });
    expect(await screen.findByText('Blocked the card')).toBeTruthy();
    expect(screen.getByText('Reason: Reported stolen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unblock card' })).toBeTruthy();
  });

  it('checks the limits before saving them (monthly at least daily)', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPage('/cards/8');
    const monthly = await screen.findByLabelText('Monthly limit (₹)');
    await user.clear(monthly);
    await user.type(monthly, '100');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('The monthly limit must be at least the daily limit.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/cards/8/limits')).toHaveLength(0);
    await user.clear(monthly);
    await user.type(monthly, '600000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/cards/8/limits')).toHaveLength(1));
    const [[, init]] = callsTo(fetchMock, '/api/cards/8/limits') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      dailyLimitPaise: 2_000_000,
      monthlyLimitPaise: 60_000_000,
    });
  });

  it('files an activation request for an issued card', async () => {
    signIn('admin');
    current = detail({ status: 'issued', allowedTransitions: [] });
    const fetchMock = serve();
    const { user } = renderPage('/cards/8');
    await user.click(await screen.findByRole('button', { name: 'Request activation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request activation' });
    await user.click(within(dialog).getByRole('button', { name: 'File request' }));
    expect(await within(dialog).findByText('Say who asks')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Requested by/), 'Sharma Logistics');
    await user.click(within(dialog).getByRole('button', { name: 'File request' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/card-activation-requests', 'POST')).toHaveLength(1));

    const [[, init]] = callsTo(fetchMock, '/api/card-activation-requests', 'POST') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ cardId: 8, requestedBy: 'Sharma Logistics', note: null });
    expect(await screen.findByTestId('card-activation-requests')).toHaveProperty(
      'textContent',
      expect.stringContaining('Pending'),
    );
    expect(screen.queryByRole('button', { name: 'Request activation' })).toBeNull();
  });

  it('shows a member the card without the write controls', async () => {
    signIn('member');
    serve('member');
    renderPage('/cards/8');
    await screen.findByTestId('card-number');
    expect(screen.queryByRole('button', { name: 'Block card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save limits' })).toBeNull();
    expect(screen.getByText('Daily limit')).toBeTruthy();
  });
});

import type { TStationAccessRequestDetail, TStationAccessRequestItem } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderScreen } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { AccessRequestsScreen } from './components/access-requests-screen';
import { ZAccessRequestsSearch } from './search';

const request = (patch: Partial<TStationAccessRequestItem>): TStationAccessRequestItem => ({
  id: 1,
  stationId: 3,
  userId: 2,
  message: 'Covering the evening shift audits here.',
  status: 'pending',
  reason: null,
  decidedAt: null,
  decidedByUserId: null,
  createdAt: '2026-11-20T05:00:00.000Z',
  updatedAt: '2026-11-20T05:00:00.000Z',
  stationName: 'Aundh Highway',
  stationSlug: 'aundh-highway',
  requesterName: 'Ravi Menon',
  requesterEmail: 'member@forecourt.demo',
  decidedByName: null,
  ...patch,
});

let requests: TStationAccessRequestItem[];
const page = () => ({ count: requests.length, pages: 1, results: requests });
const detail = (row: TStationAccessRequestItem): TStationAccessRequestDetail => ({ ...row, audit: [] });

function serve(me = ME.admin) {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === '/api/stations') return jsonResponse({ count: 0, pages: 0, results: [] });
      if (url.pathname === '/api/access-requests' && method === 'GET') return jsonResponse(page());
      if (url.pathname === '/api/access-requests/stations')
        return jsonResponse({
          results: [
            { id: 3, name: 'Aundh Highway', slug: 'aundh-highway', city: 'Pune', pending: true },
            { id: 4, name: 'Kothrud Depot', slug: 'kothrud-depot', city: 'Pune', pending: false },
          ],
        });
      if (url.pathname === '/api/access-requests' && method === 'POST') {
        const { stationId, message } = body as { stationId: number; message?: string };
        if (stationId === 3)
          return errorResponse(409, 'REQUEST_PENDING', 'You already asked for Aundh Highway');
        const created = request({ id: 7, stationId, stationName: 'Kothrud Depot', message: message ?? null });
        requests = [created, ...requests];
        return jsonResponse(detail(created), 201);
      }
      const decision = /^\/api\/access-requests\/(\d+)\/decision$/.exec(url.pathname);
      if (decision) {
        const { status, reason } = body as { status: 'approved' | 'rejected'; reason?: string };
        requests = requests.map((row) =>
          row.id === Number(decision[1])
            ? {
                ...row,
                status,
                reason: reason ?? null,
                decidedAt: '2026-11-21T05:00:00.000Z',
                decidedByName: 'Asha',
              }
            : row,
        );
        return jsonResponse(detail(requests.find((row) => row.id === Number(decision[1]))!));
      }
      const cancel = /^\/api\/access-requests\/(\d+)\/cancel$/.exec(url.pathname);
      if (cancel) {
        requests = requests.map((row) =>
          row.id === Number(cancel[1]) ? { ...row, status: 'cancelled' } : row,
        );
        return jsonResponse(detail(requests.find((row) => row.id === Number(cancel[1]))!));
      }
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, me),
  );
}

beforeEach(() => {
  requests = [
    request({}),
    request({
      id: 2,
      stationId: 5,
      stationName: 'Baner Road',
      status: 'rejected',
      reason: 'Not your cluster',
    }),
  ];
});

/** The access requests screen alone, as the app's `/access-requests` route shows it. */
const renderAccessRequests = () =>
  renderScreen('/access-requests', {
    pattern: '/access-requests',
    validateSearch: ZAccessRequestsSearch,
    screen: ({ search }) => <AccessRequestsScreen search={search} />,
  });

describe('access requests for admins', () => {
  beforeEach(() => signIn('admin'));

  it('lists every request with the requester and approves a pending one', async () => {
    const fetchMock = serve();
    const { user } = renderAccessRequests();
    const rows = await screen.findAllByTestId('access-requests-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('member@forecourt.demo')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not your cluster')).toBeTruthy();
    // Only pending requests can be decided; admins do not file requests.
    expect(within(rows[1]!).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText(/can now see/)).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/access-requests/1/decision', 'POST') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({ status: 'approved' });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('access-requests-row')[0]!).getByText('Approved')).toBeTruthy(),
    );
  });

  it('rejects only with a reason', async () => {
    const fetchMock = serve();
    const { user } = renderAccessRequests();
    const rows = await screen.findAllByTestId('access-requests-row');
    await user.click(within(rows[0]!).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the request' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason; the requester sees it.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/access-requests/1/decision', 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Limited to your cluster');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/Rejected Ravi Menon's request/)).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/access-requests/1/decision', 'POST') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({ status: 'rejected', reason: 'Limited to your cluster' });
  });
});

describe('access requests for members', () => {
  beforeEach(() => signIn('member'));

  it('files a request for a station the member lacks; pending ones cannot be chosen', async () => {
    const fetchMock = serve(ME.member);
    const { user } = renderAccessRequests();
    await screen.findAllByTestId('access-requests-row');
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request access' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Choose a station.')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/^Station/, { selector: 'input' }));
    const pending = await screen.findByRole('option', { name: /Aundh Highway, Pune \(requested\)/ });
    expect(
      pending.getAttribute('data-combobox-disabled') ?? pending.getAttribute('aria-disabled'),
    ).toBeTruthy();
    await user.click(screen.getByRole('option', { name: /Kothrud Depot/ }));
    await user.type(within(dialog).getByLabelText(/^Message/), 'Area manager');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Your request for Kothrud Depot was sent to the admins.')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/access-requests', 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ stationId: 4, message: 'Area manager' });
    await waitFor(() => expect(screen.getAllByTestId('access-requests-row')).toHaveLength(3));
  });

  it('withdraws a pending request', async () => {
    const fetchMock = serve(ME.member);
    const { user } = renderAccessRequests();
    const rows = await screen.findAllByTestId('access-requests-row');
    await user.click(
      within(rows[0]!).getByRole('button', { name: 'Withdraw the request for Aundh Highway' }),
    );
    expect(await screen.findByText('Your request for Aundh Highway is withdrawn.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/access-requests/1/cancel', 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getAllByTestId('access-requests-row')[0]!).getByText('Cancelled')).toBeTruthy(),
    );
  });
});

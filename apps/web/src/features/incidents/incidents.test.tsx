import type { TIncidentDetail, TIncidentItem, TIncidentPage } from '@forecourt/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route as IncidentPage } from '../../routes/incidents.detail.lazy';
import { Route as IncidentsPage } from '../../routes/incidents.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { stationList, testStation } from '../../test/stations';
import { ZIncidentsSearch } from './search';

const timer = (state: 'pending' | 'met' = 'pending') => ({
  dueAt: '2026-03-01T10:00:00.000Z',
  state,
  remainingMs: state === 'pending' ? 45 * 60_000 : null,
  doneAt: state === 'pending' ? null : '2026-03-01T09:00:00.000Z',
});

const incident = (patch: Partial<TIncidentItem> = {}): TIncidentItem => ({
  id: 7,
  number: 42,
  stationId: 1,
  stationName: 'Baner Road',
  dispenserId: null,
  group: 'equipment',
  type: 'dispenser_fault',
  severity: 'high',
  status: 'open',
  title: 'Nozzle 3 not dispensing',
  description: 'Flow stops after 2 litres.',
  assigneeUserId: null,
  assignee: null,
  openedAt: '2026-03-01T08:00:00.000Z',
  acknowledgedAt: null,
  resolvedAt: null,
  closedAt: null,
  slaDueAt: '2026-03-01T12:00:00.000Z',
  sla: { acknowledge: timer(), resolve: timer() },
  ...patch,
});

const detail = (patch: Partial<TIncidentDetail> = {}): TIncidentDetail => ({
  ...incident(),
  timeline: [
    {
      id: 1,
      at: '2026-03-01T08:00:00.000Z',
      kind: 'opened',
      actor: null,
      data: { source: 'forecourt_controller' },
    },
  ],
  evidence: [],
  allowedTransitions: ['acknowledged', 'resolved', 'closed'],
  ...patch,
});

const STATIONS = stationList(testStation());

let current: TIncidentDetail;

function serve(role: 'admin' | 'member' = 'admin') {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === '/api/stations') return jsonResponse(STATIONS);
      if (url.pathname === '/api/incidents' && url.searchParams.get('format') === 'csv') {
        return new Response('number,title\r\n42,Nozzle\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="incidents-20260301.csv"',
          },
        });
      }
      if (url.pathname === '/api/incidents') {
        const page: TIncidentPage = { count: 1, pages: 1, results: [incident()] };
        return jsonResponse(page);
      }
      if (url.pathname === '/api/incidents/assignees')
        return jsonResponse({ results: [{ id: 2, name: 'Ravi Menon' }] });
      if (url.pathname === '/api/incidents/7' && method === 'GET') return jsonResponse(current);
      if (url.pathname === '/api/incidents/7/status') {
        const to = (body as { to: TIncidentDetail['status'] }).to;
        current = detail({
          status: to,
          allowedTransitions: to === 'acknowledged' ? ['resolved', 'closed'] : [],
          timeline: [
            ...current.timeline,
            {
              id: 2,
              at: '2026-03-01T08:10:00.000Z',
              kind: 'acknowledged',
              actor: { id: 1, name: 'Asha Rao' },
              data: { from: 'open', to },
            },
          ],
        });
        return jsonResponse(current);
      }
      if (url.pathname === '/api/incidents/7/notes') {
        current = detail({
          timeline: [
            ...current.timeline,
            {
              id: 3,
              at: '2026-03-01T08:20:00.000Z',
              kind: 'comment',
              actor: { id: 1, name: 'Asha Rao' },
              data: body as Record<string, unknown>,
            },
          ],
        });
        return jsonResponse(current);
      }
      if (url.pathname === '/api/files' && method === 'POST') {
        const file = {
          id: 5,
          filename: url.searchParams.get('filename') ?? '',
          contentType: 'application/pdf',
          sizeBytes: 4,
          sha256: 'a'.repeat(64),
          incidentId: 7,
          uploadedBy: { id: 1, name: 'Asha Rao' },
          createdAt: '2026-03-01T08:30:00.000Z',
        } as const;
        current = detail({ evidence: [file] });
        return jsonResponse(file, 201);
      }
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, ME[role]),
  );
}

beforeEach(() => {
  current = detail();
});

/** The incident list and an incident, without the rest of the app. */
const PAGES: TScreenPage[] = [
  { page: IncidentsPage, validateSearch: ZIncidentsSearch },
  { page: IncidentPage },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the incidents list', () => {
  it('shows incidents with badges and sends the filters from the address bar', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderPage(
      '/incidents?status=open,acknowledged&severity=high&station=1&type=dispenser_fault&group=equipment',
    );
    const rows = await screen.findAllByTestId('incidents-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByText('#42')).toBeTruthy();
    expect(within(rows[0]!).getByText('High')).toBeTruthy();
    expect(within(rows[0]!).getByText('Open')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Acknowledge within 45m/)).toBeTruthy();
    const [[input]] = callsTo(fetchMock, '/api/incidents') as [[string]];
    const url = new URL(input, 'http://localhost');
    expect(url.searchParams.get('status')).toBe('acknowledged,open');
    expect(url.searchParams.get('severity')).toBe('high');
    expect(url.searchParams.get('station')).toBe('1');
    expect(url.searchParams.get('type')).toBe('dispenser_fault');
    expect(url.searchParams.get('group')).toBe('equipment');
  });

  it('opens an incident from a click anywhere on its row, keeping its number link the keyboard stop', async () => {
    signIn('admin');
    serve();
    const { user, router } = renderPage('/incidents');
    const [row] = await screen.findAllByTestId('incidents-row');
    expect(row!.getAttribute('tabindex')).toBeNull();
    expect(within(row!).getByRole('link', { name: '#42' }).getAttribute('href')).toBe('/incidents/7');
    await user.click(within(row!).getByText('Nozzle 3 not dispensing'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incidents/7'));
  });

  it('sorts by severity (critical first) and by status from the column headers', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user, router } = renderPage('/incidents?status=open');
    await screen.findAllByTestId('incidents-row');
    const sorts = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/incidents')
        .map((url) => url.searchParams.get('sort'));

    await user.click(screen.getByRole('button', { name: /^Severity/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: '-severity' }));
    await waitFor(() => expect(sorts().at(-1)).toBe('-severity'));
    expect(screen.getByRole('columnheader', { name: /Severity/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'status' }));
    await waitFor(() => expect(sorts().at(-1)).toBe('status'));
    expect(screen.getByRole('columnheader', { name: /Status/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('downloads the CSV with the active filters', async () => {
    signIn('admin');
    const fetchMock = serve();
    const createObjectURL = vi.fn(() => 'blob:csv');
    // jsdom has no object URLs; the download saves the CSV through one.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderPage('/incidents?status=open&sort=number');
    await screen.findAllByTestId('incidents-row');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const csvCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.searchParams.get('format') === 'csv');
    expect(csvCall?.searchParams.get('status')).toBe('open');
    expect(csvCall?.searchParams.get('sort')).toBe('number');
    expect(csvCall?.searchParams.has('cursor')).toBe(false);
  });
});

describe('the incident page', () => {
  it('offers only the legal transitions and records one in the timeline', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPage('/incidents/7');
    expect(await screen.findByText('#42 Nozzle 3 not dispensing')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/incidents/7/status', 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ to: 'acknowledged' });
    const timeline = screen.getByTestId('incident-timeline');
    expect(within(timeline).getByText('Acknowledged')).toBeTruthy();
  });

  it('adds a note', async () => {
    signIn('admin');
    serve();
    const { user } = renderPage('/incidents/7');
    await screen.findByText('#42 Nozzle 3 not dispensing');
    await user.type(screen.getByLabelText('Add a note'), 'Engineer called');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await within(screen.getByTestId('incident-timeline')).findByText('Engineer called')).toBeTruthy();
  });

  it('uploads evidence as the raw file body', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderPage('/incidents/7');
    await screen.findByText('#42 Nozzle 3 not dispensing');
    const file = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Evidence file'), { target: { files: [file] } });
    await waitFor(() => expect(callsTo(fetchMock, '/api/files', 'POST')).toHaveLength(1));
    const [[input, init]] = callsTo(fetchMock, '/api/files', 'POST') as [[string, RequestInit]];
    const url = new URL(input, 'http://localhost');
    expect(url.searchParams.get('filename')).toBe('report.pdf');
    expect(url.searchParams.get('incidentId')).toBe('7');
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/pdf');
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeTruthy();
  });

  it('refuses files of other types before sending them', async () => {
    signIn('admin');
    const fetchMock = serve();
    renderPage('/incidents/7');
    await screen.findByText('#42 Nozzle 3 not dispensing');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Evidence file'), { target: { files: [file] } });
    expect(await screen.findByText(/Choose an image/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/files', 'POST')).toHaveLength(0);
  });

  it('hides the actions from a reader without incidents:u', async () => {
    signIn('admin');
    window.localStorage.setItem(
      'credentials',
      JSON.stringify({ access_token: readOnlyToken(), refresh_token: 'refresh-reader' }),
    );
    serve();
    renderPage('/incidents/7');
    await screen.findByText('#42 Nozzle 3 not dispensing');
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(screen.queryByLabelText('Add a note')).toBeNull();
    expect(screen.getByText('You can view this incident but not change it.')).toBeTruthy();
  });
});

function readOnlyToken(): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '1', org: 1, scope: 'incidents:r files:r stations:r', exp: now + 900, iat: now })}.c2ln`;
}

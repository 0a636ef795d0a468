import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route as CommandPage } from '../../routes/command.lazy';
import { callsTo, errorResponse, jsonResponse } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn } from '../../test/session';
import { transaction } from '../operations/test-fixtures';
import { nudgeLiveWindows } from '../time-window';
import { ZChartSearch } from './search';
import { commandCentre, FIXED, lastQuery, NO_SALES, serveMetrics, TOO_LONG } from './test-fixtures';

const COMMAND = '/api/command';

/** The command centre alone, as the app's `/command` shows it. */
const PAGES: TScreenPage[] = [{ page: CommandPage, validateSearch: ZChartSearch }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the command centre', () => {
  beforeEach(() => {
    signIn('admin');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the network KPIs, status counts and the top and bottom stations as links', async () => {
    serveMetrics({ [COMMAND]: commandCentre() });
    renderPage('/command');

    expect(await screen.findByRole('heading', { level: 1, name: 'Command centre' })).toBeTruthy();
    expect((await screen.findByTestId('kpi-revenue-value')).textContent).toBe('₹1.2 L');
    expect(screen.getByTestId('kpi-transactions-value').textContent).toBe('321');

    const degraded = screen.getByTestId('status-count-degraded');
    expect(degraded.textContent).toBe('1');
    expect(degraded.getAttribute('href')).toBe('/stations?status=degraded');

    const top = screen.getByTestId('top-stations');
    const topLinks = within(top).getAllByRole('link');
    expect(topLinks.map((link) => link.textContent)).toEqual(['Baner Road', 'Hinjewadi Phase 1']);
    expect(topLinks[0]?.getAttribute('href')).toBe('/stations/baner-road');
    expect(within(top).getByText('₹90,000.00')).toBeTruthy();
    const bottom = screen.getByTestId('bottom-stations');
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/stations/wakad-bridge', '/stations/kothrud-depot']);
  });

  it('lists the latest transactions and open incidents with their stations', async () => {
    serveMetrics({ [COMMAND]: commandCentre() });
    renderPage('/command');

    const fills = await screen.findByTestId('transaction-ticker');
    const fill = within(fills).getByTestId('ticker-transaction');
    expect(within(fill).getByRole('link', { name: 'Hinjewadi Phase 1' }).getAttribute('href')).toBe(
      '/stations/hinjewadi-phase-1',
    );
    expect(within(fill).getByText('₹2,500.00')).toBeTruthy();
    const incidents = screen.getByTestId('incident-ticker');
    expect(within(incidents).getByText('#454 9 failed payments today')).toBeTruthy();
    expect(within(incidents).getByText('High')).toBeTruthy();
    expect(within(incidents).getByRole('link', { name: 'Baner Road' })).toBeTruthy();
    // jsdom has no WebGL: the map says so instead of failing.
    expect(screen.getByText(/This browser cannot draw maps/)).toBeTruthy();
  });

  it('moves the tickers on with a live window', async () => {
    let newest = 901;
    const fetchMock = serveMetrics({
      [COMMAND]: () =>
        jsonResponse(
          commandCentre({
            latestTransactions: [transaction(newest, { stationId: 1, amountPaise: newest * 100 })],
          }),
        ),
    });
    renderPage('/command');
    const ticker = await screen.findByTestId('transaction-ticker');
    expect(within(ticker).getByText('₹901.00')).toBeTruthy();

    newest = 902;
    const later = Date.now() + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    act(() => nudgeLiveWindows());
    await waitFor(() =>
      expect(within(screen.getByTestId('transaction-ticker')).getByText('₹902.00')).toBeTruthy(),
    );
    expect(lastQuery(fetchMock, COMMAND).endDate).toBe(
      new Date(Math.floor(later / 1000) * 1000).toISOString(),
    );
  });

  it('asks for the window in the address bar', async () => {
    const fetchMock = serveMetrics({ [COMMAND]: commandCentre() });
    renderPage(`/command?${FIXED.query}`);

    await screen.findByTestId('kpi-revenue-value');
    expect(lastQuery(fetchMock, COMMAND)).toEqual({ startDate: FIXED.startDate, endDate: FIXED.endDate });
  });

  it('says so when no station sold anything', async () => {
    serveMetrics({ [COMMAND]: commandCentre({ kpis: NO_SALES }) });
    renderPage('/command');

    expect(await screen.findByText('No sales in this window')).toBeTruthy();
    expect(screen.queryByTestId('top-stations')).toBeNull();
    expect(screen.getByTestId('incident-ticker')).toBeTruthy();
  });

  it('shows why a window is too long and does not call the API', async () => {
    const fetchMock = serveMetrics({ [COMMAND]: commandCentre() });
    renderPage(`/command?${TOO_LONG}`);

    expect(await screen.findByText('The window can be at most 180 days for this screen')).toBeTruthy();
    expect(callsTo(fetchMock, COMMAND)).toHaveLength(0);
  });

  it('reports a server failure at once and shows the figures when the retry succeeds', async () => {
    let fail = true;
    serveMetrics({
      [COMMAND]: () =>
        fail ? errorResponse(503, 'UNAVAILABLE', 'The network view is busy') : jsonResponse(commandCentre()),
    });
    renderPage('/command');

    expect(await screen.findByText('Could not load the command centre')).toBeTruthy();
    expect(screen.getByText('Retrying…')).toBeTruthy();
    fail = false;
    expect((await screen.findByTestId('kpi-revenue-value', {}, { timeout: 8000 })).textContent).toBe(
      '₹1.2 L',
    );
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as OverviewPage } from '../../routes/stations/station/overview.lazy';
import { callsTo, deferred, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { ZChartSearch } from './search';
import {
  FIXED,
  lastQuery,
  NO_SALES,
  overview,
  STATION,
  serveMetrics,
  stationPath,
  TOO_LONG,
} from './test-fixtures';

const OVERVIEW = stationPath('overview');

/** The station overview alone, in the station layout, as the app shows it. */
const PAGES: TScreenPage[] = [{ page: OverviewPage, validateSearch: ZChartSearch, layout: StationLayout }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the station overview', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('shows the KPIs of the window, formatted, beside the station record', async () => {
    serveMetrics({ [OVERVIEW]: overview() });
    renderPage(`/stations/${STATION.slug}`);

    expect((await screen.findByTestId('kpi-revenue-value')).textContent).toBe('₹1.2 L');
    expect(screen.getByTestId('kpi-transactions-value').textContent).toBe('321');
    expect(screen.getByTestId('kpi-average-ticket-value').textContent).toBe('₹384.60');
    // Against the previous period: revenue up (good), fills down (bad), each with words for readers.
    const revenueChange = screen.getByTestId('kpi-revenue-change');
    expect(revenueChange.dataset.tone).toBe('good');
    expect(revenueChange.textContent).toContain('▲ 23.5%');
    expect(revenueChange.textContent).toContain('up 23.5% on the previous period');
    expect(screen.getByTestId('kpi-transactions-change').dataset.tone).toBe('bad');
    expect(screen.getByTestId('kpi-revenue-sparkline')).toBeTruthy();
    expect(screen.getByTestId('overview-revenue-trend')).toBeTruthy();
    expect(screen.getByTestId('kpi-vehicles-value').textContent).toBe('250');
    const incidents = within(screen.getByTestId('kpi-incidents')).getByRole('link', { name: '3' });
    expect(incidents.getAttribute('href')).toBe('/incidents');

    const fuels = screen.getByTestId('fuel-totals');
    expect(within(fuels).getByText('Diesel')).toBeTruthy();
    expect(within(fuels).getByText('1,235 L')).toBeTruthy();
    expect(within(fuels).getByText('86.3 kg')).toBeTruthy();
    const mix = screen.getByTestId('payment-mix');
    expect(within(mix).getByText('UPI')).toBeTruthy();
    expect(within(mix).getByText('60%')).toBeTruthy();
    expect(within(mix).getByText('₹74,074.07')).toBeTruthy();

    // The record and the location card are still there.
    expect(screen.getByRole('heading', { name: 'Station details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Location' })).toBeTruthy();
  });

  it('asks for the window in the address bar', async () => {
    const fetchMock = serveMetrics({ [OVERVIEW]: overview() });
    renderPage(`/stations/${STATION.slug}?${FIXED.query}`);

    await screen.findByTestId('kpi-revenue-value');
    expect(lastQuery(fetchMock, OVERVIEW)).toEqual({ startDate: FIXED.startDate, endDate: FIXED.endDate });
  });

  it('says so when nothing was sold', async () => {
    serveMetrics({ [OVERVIEW]: overview(NO_SALES) });
    renderPage(`/stations/${STATION.slug}`);

    expect(await screen.findByText('No sales in this window')).toBeTruthy();
    expect(screen.getByTestId('kpi-revenue-value').textContent).toBe('₹0.00');
    expect(screen.queryByTestId('payment-mix')).toBeNull();
  });

  it('shows why a window is too long and does not call the API', async () => {
    const fetchMock = serveMetrics({ [OVERVIEW]: overview() });
    renderPage(`/stations/${STATION.slug}?${TOO_LONG}`);

    expect(await screen.findByText('The window can be at most 180 days for this screen')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Station details' })).toBeTruthy();
    expect(callsTo(fetchMock, OVERVIEW)).toHaveLength(0);
  });

  it('reports a server failure at once and shows the figures when the retry succeeds', async () => {
    let fail = true;
    const fetchMock = serveMetrics({
      [OVERVIEW]: () =>
        fail ? errorResponse(503, 'UNAVAILABLE', 'The figures are not ready') : jsonResponse(overview()),
    });
    renderPage(`/stations/${STATION.slug}`);

    expect(await screen.findByText("Could not load this station's figures")).toBeTruthy();
    expect(screen.getByText('The figures are not ready')).toBeTruthy();
    expect(screen.getByText('Retrying…')).toBeTruthy();
    fail = false;
    expect((await screen.findByTestId('kpi-revenue-value', {}, { timeout: 8000 })).textContent).toBe(
      '₹1.2 L',
    );
    await waitFor(() => expect(callsTo(fetchMock, OVERVIEW)).toHaveLength(2));
  });

  it("never shows one station's figures for another while they load", async () => {
    const other = { ...STATION, id: 8, slug: 'other-station', name: 'Other Station' };
    const held = deferred<Response>();
    stubFetch(
      withMe(({ url }) => {
        if (url.pathname === `/api/stations/${STATION.slug}`) return jsonResponse(STATION);
        if (url.pathname === `/api/stations/${other.slug}`) return jsonResponse(other);
        if (url.pathname === OVERVIEW) return jsonResponse(overview());
        if (url.pathname === `/api/stations/${other.slug}/overview`) return held.promise;
        return errorResponse(404, 'NOT_FOUND', 'Not found');
      }),
    );
    const { router } = renderPage(`/stations/${STATION.slug}`);
    await screen.findByTestId('kpi-revenue-value');

    await act(() => router.navigate({ to: '/stations/$slug', params: { slug: other.slug } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Other Station' })).toBeTruthy();
    expect(screen.queryByTestId('kpi-revenue-value')).toBeNull();
    expect(screen.getByTestId('metrics-loading')).toBeTruthy();

    held.resolve(jsonResponse(overview(NO_SALES)));
    expect(await screen.findByText('No sales in this window')).toBeTruthy();
  });
});

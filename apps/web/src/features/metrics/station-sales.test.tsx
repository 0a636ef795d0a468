import type { TSalesComparison } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as SalesPage } from '../../routes/stations/station/sales.lazy';
import { callsTo, errorResponse } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn } from '../../test/session';
import { ZSalesSearch } from './search';
import { FIXED, lastQuery, STATION, salesSeries, serveMetrics, stationPath, TOO_LONG } from './test-fixtures';

const SALES = stationPath('sales');

/** The sales page alone, in the station layout, as the app shows it. */
const PAGES: TScreenPage[] = [{ page: SalesPage, validateSearch: ZSalesSearch, layout: StationLayout }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

/** Last week's figures beside the fixture's two steps; the first compared step is known, the second not when `partial`. */
function lastWeek(overrides: Partial<TSalesComparison> = {}): TSalesComparison {
  const week = 7 * 86_400_000;
  const series = salesSeries();
  return {
    kind: 'lastWeek',
    window: {
      startDate: new Date(Date.parse(FIXED.startDate) - week).toISOString(),
      endDate: new Date(Date.parse(FIXED.endDate) - week).toISOString(),
    },
    dataFrom: '2026-01-01T00:00:00.000Z',
    coverage: 'full',
    totals: { revenuePaise: 10_000_000, transactions: 400, averageTicketPaise: 25_000 },
    points: series.points.map((point) => ({
      at: new Date(Date.parse(point.at) - week).toISOString(),
      amountPaise: 5_000_000,
      transactions: 200,
    })),
    ...overrides,
  };
}

describe('the station sales', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('shows the totals, revenue over time by fuel and by payment mode, and the mix', async () => {
    serveMetrics({ [SALES]: salesSeries() });
    renderPage(`/stations/${STATION.slug}/sales`);

    expect((await screen.findByTestId('sales-revenue-value', {}, { timeout: 8000 })).textContent).toBe(
      '₹1.2 L',
    );
    expect(screen.getByTestId('sales-transactions-value').textContent).toBe('321');
    expect(screen.getByTestId('sales-average-ticket-value').textContent).toBe('₹384.60');
    expect(within(screen.getByTestId('sales-by-fuel')).getByText('Diesel')).toBeTruthy();
    expect(within(screen.getByTestId('sales-by-mode')).getByText('Cash')).toBeTruthy();
    const fuels = screen.getByTestId('fuel-totals');
    expect(within(fuels).getByText('₹90,000.00')).toBeTruthy();
    expect(within(fuels).getByText('72.9%')).toBeTruthy();
    expect(within(screen.getByTestId('payment-mix')).getByText('40%')).toBeTruthy();
  });

  it('sends the window and the filters of the address bar, and changes them there', async () => {
    const fetchMock = serveMetrics({ [SALES]: salesSeries() });
    const { router, user } = renderPage(
      `/stations/${STATION.slug}/sales?${FIXED.query}&paymentMode=upi,cash`,
    );

    await screen.findByTestId('sales-revenue-value');
    expect(lastQuery(fetchMock, SALES)).toMatchObject({
      startDate: FIXED.startDate,
      endDate: FIXED.endDate,
      paymentMode: 'upi,cash',
    });

    await user.click(screen.getByLabelText('Fuel', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Diesel' }));
    await waitFor(() => expect(router.state.location.href).toContain('fuel=diesel'));
    await waitFor(() =>
      expect(lastQuery(fetchMock, SALES)).toMatchObject({ fuel: 'diesel', paymentMode: 'upi,cash' }),
    );
  });

  it('says when nothing matches the filters and clears them', async () => {
    serveMetrics({ [SALES]: salesSeries({ fuels: [], paymentMix: [] }) });
    const { router, user } = renderPage(`/stations/${STATION.slug}/sales?fuel=cng`);

    expect(await screen.findByText('No sales match these filters in this window')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.href).not.toContain('fuel='));
    expect(await screen.findByText('No sales in this window')).toBeTruthy();
  });

  it('shows why a window is too long and does not call the API', async () => {
    const fetchMock = serveMetrics({ [SALES]: salesSeries() });
    renderPage(`/stations/${STATION.slug}/sales?${TOO_LONG}`);

    expect(await screen.findByText('The window can be at most 180 days for this screen')).toBeTruthy();
    expect(callsTo(fetchMock, SALES)).toHaveLength(0);
  });

  it('reports a server failure at once while it retries', async () => {
    serveMetrics({ [SALES]: () => errorResponse(503, 'UNAVAILABLE', 'Sales are being rebuilt') });
    renderPage(`/stations/${STATION.slug}/sales`);

    expect(await screen.findByText('Could not load the sales')).toBeTruthy();
    expect(screen.getByText('Retrying…')).toBeTruthy();
  });

  it('compares with the same days last week: the change on the tiles and a second series', async () => {
    const fetchMock = serveMetrics({ [SALES]: salesSeries({ comparison: lastWeek() }) });
    renderPage(`/stations/${STATION.slug}/sales?${FIXED.query}&compare=lastWeek`);

    const change = await screen.findByTestId('sales-revenue-change', {}, { timeout: 8000 });
    expect(lastQuery(fetchMock, SALES)).toMatchObject({ compare: 'lastWeek' });
    expect(change.dataset.direction).toBe('up');
    expect(change.dataset.tone).toBe('good');
    expect(change.textContent).toContain('▲ 23.5%');
    expect(change.textContent).toContain('vs last week');
    expect(within(change).getByText('up 23.5% on the same days last week')).toBeTruthy();
    const fills = screen.getByTestId('sales-transactions-change');
    expect(fills.dataset.tone).toBe('bad');
    expect(fills.textContent).toContain('▼ 19.8%');
    const chart = screen.getByTestId('sales-comparison');
    expect(within(chart).getByText('This period')).toBeTruthy();
    expect(within(chart).getByText('Same days last week')).toBeTruthy();
    expect(within(chart).getByText(/^Compared with \d+ \w+ 2026 – \d+ \w+ 2026\.$/)).toBeTruthy();
  });

  it('keeps the choice in the address bar and asks for it', async () => {
    const fetchMock = serveMetrics({ [SALES]: salesSeries() });
    const { router, user } = renderPage(`/stations/${STATION.slug}/sales?${FIXED.query}`);

    await screen.findByTestId('sales-revenue-value', {}, { timeout: 8000 });
    expect(lastQuery(fetchMock, SALES)?.compare).toBeUndefined();
    expect(screen.queryByTestId('sales-comparison')).toBeNull();
    await user.click(screen.getByLabelText('Compare with', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Same period last year' }));
    await waitFor(() => expect(router.state.location.href).toContain('compare=lastYear'));
    await waitFor(() => expect(lastQuery(fetchMock, SALES)).toMatchObject({ compare: 'lastYear' }));
  });

  it('says "no data" for a compared period beyond the data, without a change', async () => {
    const none = lastWeek({
      kind: 'lastYear',
      coverage: 'none',
      totals: null,
      dataFrom: FIXED.startDate,
      points: salesSeries().points.map((point) => ({ at: point.at, amountPaise: null, transactions: null })),
    });
    serveMetrics({ [SALES]: salesSeries({ comparison: none }) });
    renderPage(`/stations/${STATION.slug}/sales?${FIXED.query}&compare=lastYear`);

    expect((await screen.findByTestId('sales-revenue-no-change', {}, { timeout: 8000 })).textContent).toBe(
      'No data for the same weekdays last year',
    );
    expect(screen.queryByTestId('sales-revenue-change')).toBeNull();
    const chart = screen.getByTestId('sales-comparison');
    expect(within(chart).getByText('Same weekdays last year')).toBeTruthy();
    expect(within(chart).getByText(/^No data for .*Sales are kept from/)).toBeTruthy();
  });
});

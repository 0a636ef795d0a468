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
});

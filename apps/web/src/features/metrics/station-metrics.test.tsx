import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as MetricsPage } from '../../routes/stations/station/metrics.lazy';
import { callsTo, errorResponse } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn } from '../../test/session';
import { ZChartSearch } from './search';
import {
  FIXED,
  lastQuery,
  metricsPoint,
  QUIET_POINT,
  STATION,
  serveMetrics,
  stationMetrics,
  stationPath,
  TOO_LONG,
} from './test-fixtures';

const METRICS = stationPath('metrics');

/** The metrics page alone, in the station layout, as the app shows it. */
const PAGES: TScreenPage[] = [{ page: MetricsPage, validateSearch: ZChartSearch, layout: StationLayout }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the station metrics', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('draws volume per unit, counts, ticket, queue and wait, with legends', async () => {
    serveMetrics({ [METRICS]: stationMetrics() });
    renderPage(`/stations/${STATION.slug}/metrics`);

    const litres = await screen.findByTestId('volume-l');
    expect(within(litres).getByRole('heading', { name: 'Volume sold (litres)' })).toBeTruthy();
    // Litres stack together; CNG is sold in kilograms and gets its own chart.
    expect(within(litres).getByText('Petrol')).toBeTruthy();
    expect(within(litres).getByText('Diesel')).toBeTruthy();
    expect(within(litres).queryByText('CNG')).toBeNull();
    expect(within(screen.getByTestId('volume-kg')).getByText('CNG')).toBeTruthy();
    expect(
      within(screen.getByTestId('transactions-chart')).getByText('Vehicles at the entrance'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Average ticket' })).toBeTruthy();
    expect(within(screen.getByTestId('queue-chart')).getByText('Longest queue')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Wait' })).toBeTruthy();
    // The chart step can be chosen.
    expect(screen.getAllByLabelText('Chart step').length).toBeGreaterThan(0);
  });

  it('asks for the window and step in the address bar', async () => {
    const fetchMock = serveMetrics({ [METRICS]: stationMetrics() });
    renderPage(`/stations/${STATION.slug}/metrics?${FIXED.query}&frequency=3h`);

    await screen.findByTestId('volume-l');
    expect(lastQuery(fetchMock, METRICS)).toEqual({
      startDate: FIXED.startDate,
      endDate: FIXED.endDate,
      frequency: '3h',
    });
  });

  it('says so when nothing was sold, seen or sampled', async () => {
    serveMetrics({ [METRICS]: stationMetrics([metricsPoint(0, QUIET_POINT), metricsPoint(1, QUIET_POINT)]) });
    renderPage(`/stations/${STATION.slug}/metrics`);

    expect(await screen.findByText('No sales or traffic in this window')).toBeTruthy();
    expect(screen.queryByTestId('metrics-charts')).toBeNull();
  });

  it('shows why a window is too long and does not call the API', async () => {
    const fetchMock = serveMetrics({ [METRICS]: stationMetrics() });
    renderPage(`/stations/${STATION.slug}/metrics?${TOO_LONG}`);

    expect(await screen.findByText('The window can be at most 1 week for this screen')).toBeTruthy();
    expect(callsTo(fetchMock, METRICS)).toHaveLength(0);
  });

  it('reports a server failure at once and says it is retrying', async () => {
    serveMetrics({ [METRICS]: () => errorResponse(503, 'UNAVAILABLE', 'Metrics are being rebuilt') });
    renderPage(`/stations/${STATION.slug}/metrics`);

    expect(await screen.findByText('Could not load the metrics')).toBeTruthy();
    expect(screen.getByText('Metrics are being rebuilt')).toBeTruthy();
    expect(screen.getByText('Retrying…')).toBeTruthy();
  });

  it('reports a refused request without offering a retry that cannot help', async () => {
    serveMetrics({ [METRICS]: () => errorResponse(400, 'BAD_REQUEST', 'That window is not allowed') });
    renderPage(`/stations/${STATION.slug}/metrics`);

    expect(await screen.findByText('Could not load the metrics')).toBeTruthy();
    expect(screen.getByText('That window is not allowed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('Retrying…')).toBeNull();
  });
});

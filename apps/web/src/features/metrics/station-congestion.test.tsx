import type { TCongestionSample } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as CongestionPage } from '../../routes/stations/station/congestion.lazy';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { callsTo, errorResponse, jsonResponse } from '../../test/fetch-stub';
import { renderScreen } from '../../test/render-screen';
import { signIn } from '../../test/session';
import { page } from '../operations/test-fixtures';
import { ZChartSearch } from './search';
import {
  congestionSummary,
  FIXED,
  lastQuery,
  STATION,
  serveMetrics,
  stationPath,
  TOO_LONG,
} from './test-fixtures';

const SUMMARY = stationPath('congestion/summary');
const SAMPLES = stationPath('congestion');

const sample = (id: number, lane: number, queueLength: number): TCongestionSample => ({
  id,
  stationId: STATION.id,
  lane,
  sampledAt: new Date(Date.parse(FIXED.endDate) - id * 900_000).toISOString(),
  queueLength,
  waitSeconds: queueLength * 95,
});

/** The congestion page in the station layout, as the app's `/stations/$slug/congestion` shows it. */
const renderCongestion = (path: string) =>
  renderScreen(path, { page: CongestionPage, layout: StationLayout, validateSearch: ZChartSearch });

describe('the station congestion', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('shows the busiest hour, lanes over time and the busiest hours of the day', async () => {
    serveMetrics({ [SUMMARY]: congestionSummary(), [SAMPLES]: page([]) });
    renderCongestion(`/stations/${STATION.slug}/congestion`);

    expect((await screen.findByTestId('congestion-busiest-hour-value')).textContent).toBe('6 pm – 7 pm');
    expect(screen.getByTestId('congestion-longest-queue-value').textContent).toBe('8');
    expect(screen.getByTestId('congestion-slowest-lane-value').textContent).toBe('5m');
    const queue = screen.getByTestId('lane-queue-chart');
    expect(within(queue).getByText('Lane 1')).toBeTruthy();
    expect(within(queue).getByText('Lane 2')).toBeTruthy();
    const hours = screen.getByTestId('busiest-hours-table');
    expect(within(hours).getByText('9 am – 10 am')).toBeTruthy();
    expect(within(hours).getByText('6.2')).toBeTruthy();
    expect(within(hours).getByText('9m')).toBeTruthy();
  });

  it('lists the samples of the window and loads more with the cursor', async () => {
    const fetchMock = serveMetrics({
      [SUMMARY]: congestionSummary(),
      [SAMPLES]: ({ url }) =>
        jsonResponse(
          url.searchParams.get('cursor') === 'next-page-cursor'
            ? page([sample(3, 1, 0)], { count: 3 })
            : page([sample(1, 1, 4), sample(2, 2, 7)], { count: 3, nextCursor: 'next-page-cursor' }),
        ),
    });
    const { user } = renderCongestion(`/stations/${STATION.slug}/congestion?${FIXED.query}&frequency=1h`);

    expect(await screen.findAllByTestId('congestion-sample-row')).toHaveLength(2);
    expect(lastQuery(fetchMock, SUMMARY)).toEqual({
      startDate: FIXED.startDate,
      endDate: FIXED.endDate,
      frequency: '1h',
    });
    expect(lastQuery(fetchMock, SAMPLES)).toEqual({ startDate: FIXED.startDate, endDate: FIXED.endDate });
    expect(screen.getByText('Showing 2 of 3 samples')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('congestion-sample-row')).toHaveLength(3));
    expect(lastQuery(fetchMock, SAMPLES)).toMatchObject({ cursor: 'next-page-cursor' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when no lane was sampled', async () => {
    serveMetrics({ [SUMMARY]: congestionSummary({ lanes: [], busiestHours: [] }), [SAMPLES]: page([]) });
    renderCongestion(`/stations/${STATION.slug}/congestion`);

    expect(await screen.findByText('No queue samples in this window')).toBeTruthy();
    expect(await screen.findByText('No samples in this window')).toBeTruthy();
  });

  it('shows why a window is too long and calls neither API', async () => {
    const fetchMock = serveMetrics({ [SUMMARY]: congestionSummary(), [SAMPLES]: page([]) });
    renderCongestion(`/stations/${STATION.slug}/congestion?${TOO_LONG}`);

    expect(await screen.findByText('The window can be at most 1 week for this screen')).toBeTruthy();
    expect(callsTo(fetchMock, SUMMARY)).toHaveLength(0);
    expect(callsTo(fetchMock, SAMPLES)).toHaveLength(0);
  });

  it('opens on the last 24 hours in hourly steps, and says so', async () => {
    const fetchMock = serveMetrics({ [SUMMARY]: congestionSummary(), [SAMPLES]: page([]) });
    renderCongestion(`/stations/${STATION.slug}/congestion`);

    expect(await screen.findByText(/one point every hour \(IST\)/)).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, SUMMARY).length).toBeGreaterThan(0));
    const query = lastQuery(fetchMock, SUMMARY);
    expect(query.frequency).toBe('1h');
    expect(Date.parse(query.endDate ?? '') - Date.parse(query.startDate ?? '')).toBe(86_400_000);
  });

  it('names the step picked by hand', async () => {
    serveMetrics({ [SUMMARY]: congestionSummary(), [SAMPLES]: page([]) });
    renderCongestion(`/stations/${STATION.slug}/congestion?${FIXED.query}&frequency=5m`);
    expect(await screen.findByText(/one point every 5 minutes \(IST\)/)).toBeTruthy();
  });

  it('reports a server failure at once while it retries', async () => {
    serveMetrics({
      [SUMMARY]: () => errorResponse(503, 'UNAVAILABLE', 'Lane readings are late'),
      [SAMPLES]: page([]),
    });
    renderCongestion(`/stations/${STATION.slug}/congestion`);

    expect(await screen.findByText('Could not load the congestion figures')).toBeTruthy();
    expect(screen.getByText('Lane readings are late')).toBeTruthy();
    expect(screen.getByText('Retrying…')).toBeTruthy();
  });
});

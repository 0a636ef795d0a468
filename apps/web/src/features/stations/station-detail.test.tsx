import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as MetricsPage } from '../../routes/stations/station/metrics.lazy';
import { Route as OverviewPage } from '../../routes/stations/station/overview.lazy';
import { errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { RING_ROAD_SURAT, testStation } from '../../test/stations';
import { ZChartSearch } from '../metrics/search';

const STATION = testStation({
  ...RING_ROAD_SURAT,
  fuels: ['petrol', 'diesel', 'cng'],
  address: 'Ring Road, near Udhna Darwaja',
  lat: 21.1702,
  lng: 72.8311,
});

const NEARBY = {
  radiusKm: 100,
  results: [
    {
      id: 901,
      slug: 'udhna-surat',
      name: 'Udhna, Surat',
      city: 'Surat',
      status: 'operational',
      lat: 21.16,
      lng: 72.84,
      distanceMetres: 850,
    },
    {
      id: 902,
      slug: 'navsari-highway',
      name: 'Navsari Highway',
      city: 'Navsari',
      status: 'degraded',
      lat: 20.95,
      lng: 72.92,
      distanceMetres: 26_412,
    },
  ],
};

function serveStation(nearby: unknown = NEARBY) {
  return stubFetch(
    withMe(({ url }) =>
      url.pathname === `/api/stations/${STATION.slug}`
        ? jsonResponse(STATION)
        : url.pathname === `/api/stations/${STATION.slug}/nearby`
          ? jsonResponse(nearby)
          : errorResponse(404, 'NOT_FOUND', 'Station not found'),
    ),
  );
}

/** The station layout with its overview and metrics pages, without the rest of the app. */
const PAGES: TScreenPage[] = [
  { page: OverviewPage, validateSearch: ZChartSearch, layout: StationLayout },
  { page: MetricsPage, validateSearch: ZChartSearch, layout: StationLayout },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('station pages', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('show the station header from GET /api/stations/:slug above the sub-page', async () => {
    serveStation();
    renderPage(`/stations/${STATION.slug}/metrics`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ring Road, Surat' })).toBeTruthy();
    expect(screen.getByText('Surat, Gujarat')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Metrics' })).toBeTruthy();
    // The navigation tree opens the station's sections and marks the current one.
    const current = screen.getByRole('link', { name: 'Metrics' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dispensers' }).getAttribute('href')).toBe(
      `/stations/${STATION.slug}/assets/dispensers`,
    );
  });

  it('open on the overview with the station record', async () => {
    serveStation();
    renderPage(`/stations/${STATION.slug}`);

    expect(await screen.findByRole('heading', { name: 'Station details' })).toBeTruthy();
    expect(screen.getByText(/Udhna Darwaja/)).toBeTruthy();
    expect(screen.getByText('1 Nov 2016')).toBeTruthy();
    const directions = screen.getByRole('link', { name: /directions/i }).getAttribute('href') ?? '';
    expect(directions).toContain('travelmode=driving');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
  });

  it('list the nearest stations on the overview with formatted distances and links', async () => {
    serveStation();
    renderPage(`/stations/${STATION.slug}`);

    const rows = await screen.findAllByTestId('nearby-station');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('850 m')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('26.4 km')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Navsari Highway' })
        .getAttribute('href'),
    ).toBe('/stations/navsari-highway');
  });

  it('say so when no other station is near', async () => {
    serveStation({ radiusKm: 100, results: [] });
    renderPage(`/stations/${STATION.slug}`);

    expect(await screen.findByText('No other station of yours within 100 km.')).toBeTruthy();
  });

  it('answer an unknown slug with a not-found state', async () => {
    const fetchMock = serveStation();
    renderPage('/stations/no-such-station');

    expect(await screen.findByRole('heading', { name: 'Station not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /back to all stations/i }).getAttribute('href')).toBe(
      '/stations',
    );
    // A 404 is final: no retries.
    const stationCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/stations'));
    expect(stationCalls.every(([url]) => String(url) === '/api/stations/no-such-station')).toBe(true);
    expect(stationCalls.length).toBeLessThanOrEqual(2);
  });
});

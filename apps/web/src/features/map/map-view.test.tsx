import type { TStationList } from '@forecourt/contracts';
import { stripSearchParams } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as StationListPage } from '../../routes/stations/list.lazy';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as OverviewPage } from '../../routes/stations/station/overview.lazy';
import { callsTo, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { testStation } from '../../test/stations';
import { ZChartSearch } from '../metrics/search';
import { STATION_LIST_DEFAULTS, ZStationListSearch } from '../stations/search';

const STATION = testStation({
  fuels: ['petrol', 'diesel'],
  status: 'offline',
  pincode: '411045',
  lat: 18.56,
  lng: 73.79,
  dispenserCount: 6,
});

function serveStations() {
  return stubFetch(
    withMe(({ url }) => {
      if (url.pathname === '/api/stations/baner-road') return jsonResponse(STATION);
      if (url.pathname !== '/api/stations') return jsonResponse({}, 404);
      const body: TStationList = { count: 1, pages: 1, results: [STATION] };
      return jsonResponse(body);
    }),
  );
}

/** jsdom has no WebGL: these check the view switch and the fallbacks, not the drawing (e2e does that). */
/** The station list (and its map) and a station overview, without the rest of the app. */
const PAGES: TScreenPage[] = [
  {
    page: StationListPage,
    validateSearch: ZStationListSearch,
    search: { middlewares: [stripSearchParams(STATION_LIST_DEFAULTS)] },
  },
  { page: OverviewPage, validateSearch: ZChartSearch, layout: StationLayout },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the station map view', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('switches between list and map in the URL and keeps the filters', async () => {
    serveStations();
    const { user, router } = renderPage('/stations?status=offline');
    await screen.findAllByTestId('station-row');
    expect((screen.getByRole('radio', { name: 'List' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Map' }));
    await waitFor(() => expect(router.state.location.href).toBe('/stations?status=offline&view=map'));
    expect(await screen.findByText('This browser cannot draw maps')).toBeTruthy();
    expect(screen.queryByTestId('station-table')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(router.state.location.href).toBe('/stations?status=offline'));
    expect(await screen.findAllByTestId('station-row')).toHaveLength(1);
  });

  it('does not load the whole set for a map the browser cannot draw', async () => {
    const fetchMock = serveStations();
    renderPage('/stations?view=map');
    expect(await screen.findByText('This browser cannot draw maps')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/stations').every(([url]) => !String(url).includes('limit=200'))).toBe(
      true,
    );
  });

  it('shows the station overview with the directions link where the map cannot be drawn', async () => {
    serveStations();
    renderPage('/stations/baner-road');
    expect(await screen.findByText('This browser cannot draw maps (WebGL is unavailable).')).toBeTruthy();
    const directions = screen.getByRole('link', { name: /directions/i });
    expect(directions.getAttribute('href')).toContain('destination=18.56%2C73.79');
  });
});

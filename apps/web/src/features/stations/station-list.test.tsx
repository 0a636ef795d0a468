import type { TStation, TStationList } from '@forecourt/contracts';
import { stripSearchParams } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as StationListPage } from '../../routes/stations/list.lazy';
import { callsTo, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { STATION_LIST_DEFAULTS, ZStationListSearch } from './search';

const base = {
  address: '1 Main Road',
  pincode: '411001',
  lat: 18.52,
  lng: 73.85,
  openedOn: '2019-03-05',
} satisfies Partial<TStation>;

const STATIONS: TStation[] = [
  {
    ...base,
    id: 1,
    slug: 'baner-road',
    name: 'Baner Road',
    code: 'PUN-001',
    fuelProvider: 'IOCL',
    fuels: ['petrol', 'diesel'],
    status: 'operational',
    city: 'Pune',
    state: 'Maharashtra',
    dispenserCount: 6,
  },
  {
    ...base,
    id: 2,
    slug: 'mg-road',
    name: 'MG Road',
    code: 'BLR-014',
    fuelProvider: 'Shell',
    fuels: ['petrol', 'premium', 'ev'],
    status: 'degraded',
    city: 'Bengaluru',
    state: 'Karnataka',
    dispenserCount: 4,
  },
  {
    ...base,
    id: 3,
    slug: 'sector-18',
    name: 'Sector 18',
    code: 'NOI-003',
    fuelProvider: 'HPCL',
    fuels: ['cng'],
    status: 'offline',
    city: 'Noida',
    state: 'Uttar Pradesh',
    dispenserCount: 2,
  },
];

/** A few lines of the server: `q` matches names, `status` filters, `sort=name|-name`. */
function serveStations() {
  return stubFetch(
    withMe(({ url }) => {
      if (url.pathname !== '/api/stations') return jsonResponse({}, 404);
      const q = url.searchParams.get('q')?.toLowerCase();
      const statuses = url.searchParams.get('status')?.split(',');
      let results = STATIONS.filter(
        (station) =>
          (!q || station.name.toLowerCase().includes(q)) && (!statuses || statuses.includes(station.status)),
      );
      if (url.searchParams.get('sort') === '-name') results = [...results].reverse();
      const body: TStationList = { count: results.length, pages: results.length ? 1 : 0, results };
      return jsonResponse(body);
    }),
  );
}

/** The station list alone, as the app's `/stations` shows it (its defaults left out of the address). */
const PAGES: TScreenPage[] = [
  {
    page: StationListPage,
    validateSearch: ZStationListSearch,
    search: { middlewares: [stripSearchParams(STATION_LIST_DEFAULTS)] },
  },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the station list', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('renders one row per station with a link, badges and the pager', async () => {
    const fetchMock = serveStations();
    renderPage('/stations');

    const rows = await screen.findAllByTestId('station-row');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Baner Road' }).getAttribute('href')).toBe('/stations/baner-road');
    expect(first.getByText('PUN-001')).toBeTruthy();
    expect(first.getByText('Pune')).toBeTruthy();
    expect(first.getByText('Operational')).toBeTruthy();
    expect(first.getByText('Diesel')).toBeTruthy();
    expect(within(rows[1]!).getByText('EV charging')).toBeTruthy();
    expect(screen.getByText('3 stations')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /name/i }).getAttribute('aria-sort')).toBe('ascending');

    const stationCalls = callsTo(fetchMock, '/api/stations');
    expect(stationCalls).toHaveLength(1);
    expect(String(stationCalls[0]![0])).toBe('/api/stations?page=0&limit=50&sort=name');
  });

  it('sorts by a column header and keeps the sort in the URL', async () => {
    serveStations();
    const { user, router } = renderPage('/stations');
    await screen.findAllByTestId('station-row');

    await user.click(screen.getByRole('button', { name: 'Name' }));

    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: '-name' }));
    expect(router.state.location.href).toBe('/stations?sort=-name');
    await waitFor(() => {
      const names = screen
        .getAllByTestId('station-row')
        .map((row) => within(row).getByRole('link').textContent);
      expect(names).toEqual(['Sector 18', 'MG Road', 'Baner Road']);
    });
    expect(screen.getByRole('columnheader', { name: /name/i }).getAttribute('aria-sort')).toBe('descending');
  });

  it('shows an empty state when nothing matches, and clears the filters from it', async () => {
    serveStations();
    const { user, router } = renderPage('/stations?q=zzz&status=closed&sort=-city');

    expect(await screen.findByText('No stations match these filters')).toBeTruthy();
    expect(screen.queryByTestId('station-table')).toBeNull();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('zzz');

    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clearButtons[clearButtons.length - 1]!);

    expect(await screen.findAllByTestId('station-row')).toHaveLength(3);
    expect(router.state.location.href).toBe('/stations?sort=-city');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('searches after the user pauses typing', async () => {
    const fetchMock = serveStations();
    const { user, router } = renderPage('/stations');
    await screen.findAllByTestId('station-row');

    const searchbox = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(searchbox, 'mg');

    await waitFor(() => expect(router.state.location.href).toBe('/stations?q=mg'));
    await waitFor(() => expect(screen.getAllByTestId('station-row')).toHaveLength(1));
    // The page updates in place: the box the user types in keeps its focus.
    expect(document.activeElement).toBe(searchbox);
    // One call for the first page, one for the finished word: none per keystroke.
    const stationCalls = callsTo(fetchMock, '/api/stations');
    expect(stationCalls).toHaveLength(2);
    expect(String(stationCalls[1]![0])).toBe('/api/stations?page=0&limit=50&sort=name&q=mg');
  });
});

import type { TStationPin, TStationPins } from '@forecourt/contracts';
import { stripSearchParams } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route as StationListPage } from '../../routes/stations/list.lazy';
import { callsTo, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { RING_ROAD_SURAT, stationList, testStation } from '../../test/stations';
import { STATION_LIST_DEFAULTS, ZStationListSearch } from './search';

const BANER = testStation();
const pinOf = (station: typeof BANER): TStationPin => ({
  stationId: station.id,
  slug: station.slug,
  name: station.name,
  city: station.city,
  state: station.state,
  status: station.status,
  pinnedAt: '2026-11-01T00:00:00.000Z',
});

/** The server's pins: PUT adds, DELETE removes. */
function servePins(initial: TStationPin[]) {
  let pins = [...initial];
  const answer = () => jsonResponse({ results: pins, limit: 50 } satisfies TStationPins);
  return stubFetch(
    withMe(({ url, method }) => {
      if (url.pathname === '/api/stations') return jsonResponse(stationList(BANER, RING_ROAD_SURAT));
      const slug = url.pathname.match(/^\/api\/station-pins\/(.+)$/)?.[1];
      if (slug && method === 'PUT') {
        const station = [BANER, RING_ROAD_SURAT].find((candidate) => candidate.slug === slug)!;
        pins = [...pins, pinOf(station)];
        return answer();
      }
      if (slug && method === 'DELETE') {
        pins = pins.filter((pin) => pin.slug !== slug);
        return answer();
      }
      if (url.pathname === '/api/station-pins') return answer();
      return jsonResponse({ message: 'not here' }, 404);
    }),
  );
}

const renderStations = () =>
  renderPageAt('/stations', [
    {
      page: StationListPage,
      validateSearch: ZStationListSearch,
      search: { middlewares: [stripSearchParams(STATION_LIST_DEFAULTS)] },
    },
  ]);

describe('pinned stations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('lists pinned stations first and marks their stars as pressed', async () => {
    signIn('member');
    servePins([pinOf(RING_ROAD_SURAT)]);
    renderStations();
    const pinned = await screen.findByTestId('pinned-stations');
    expect(within(pinned).getByRole('link', { name: 'Ring Road, Surat' })).toBeTruthy();
    // The strip comes before the table in the page.
    const table = await screen.findByTestId('station-table');
    expect(pinned.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rows = within(table).getAllByTestId('station-row');
    expect(
      within(rows[1]!).getByRole('button', { name: 'Unpin Ring Road, Surat' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      within(rows[0]!).getByRole('button', { name: 'Pin Baner Road' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('pins from a row without opening the station, and unpins from the strip', async () => {
    signIn('member');
    const fetchMock = servePins([]);
    const { user, router } = renderStations();
    expect(screen.queryByTestId('pinned-stations')).toBeNull();
    const rows = await screen.findAllByTestId('station-row');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Pin Baner Road' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/station-pins/baner-road', 'PUT')).toHaveLength(1));
    const pinned = await screen.findByTestId('pinned-stations');
    expect(within(pinned).getByRole('link', { name: 'Baner Road' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stations');

    await user.click(within(pinned).getByRole('button', { name: 'Unpin Baner Road' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/station-pins/baner-road', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('pinned-stations')).toBeNull());
  });
});

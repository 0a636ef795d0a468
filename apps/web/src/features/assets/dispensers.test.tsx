import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as DispensersPage } from '../../routes/stations/station/dispensers.lazy';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { ASSET_STATION, REGISTRY } from './fixtures';
import { ZDispensersSearch } from './search';

const REGISTRY_PATH = `/api/stations/${ASSET_STATION.slug}/dispensers`;

function serve(registry = REGISTRY) {
  return stubFetch(
    withMe(({ url }) => {
      if (url.pathname === `/api/stations/${ASSET_STATION.slug}`) return jsonResponse(ASSET_STATION);
      if (url.pathname === REGISTRY_PATH) return jsonResponse(registry);
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    }),
  );
}

function registryQueries(fetchMock: ReturnType<typeof stubFetch>): URLSearchParams[] {
  return callsTo(fetchMock, REGISTRY_PATH).map(
    ([input]) => new URL(String(input), 'http://localhost').searchParams,
  );
}

/** The dispenser register alone, in the station layout, as the app shows it. */
const PAGES: TScreenPage[] = [
  { page: DispensersPage, validateSearch: ZDispensersSearch, layout: StationLayout },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('dispenser registry page', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('lists each dispenser with its nozzles, last fill and health', async () => {
    const fetchMock = serve();
    renderPage(`/stations/${ASSET_STATION.slug}/assets/dispensers`);

    const row = await screen.findByTestId('dispenser-row');
    expect(within(row).getByRole('rowheader', { name: 'D1' })).toBeTruthy();
    expect(within(row).getByText('Dispensing')).toBeTruthy();
    expect(within(row).getByText('Tokheim')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    const nozzles = screen.getByRole('table', { name: 'Nozzles of D1' });
    const [petrol, diesel] = within(nozzles).getAllByTestId('nozzle-row') as [HTMLElement, HTMLElement];
    expect(within(petrol).getByText('Petrol')).toBeTruthy();
    expect(within(petrol).getByText('42')).toBeTruthy();
    expect(within(petrol).getByText('860.25 L')).toBeTruthy();
    expect(within(petrol).getByText('31.4 L/min')).toBeTruthy();
    expect(within(petrol).getByText(/12\.5 L · ₹1,287\.50/)).toBeTruthy();
    expect(within(diesel).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('1 dispenser')).toBeTruthy();

    // Default: the API's sort (code), the default one-hour health window, no filters.
    const [query] = registryQueries(fetchMock);
    expect(query?.get('sort')).toBe('code');
    expect(query?.get('status')).toBeNull();
    const span = Date.parse(query?.get('endDate') ?? '') - Date.parse(query?.get('startDate') ?? '');
    expect(span).toBe(3600 * 1000);
  });

  it('sends the filters, sort and window of the address bar to the API', async () => {
    const fetchMock = serve();
    renderPage(
      `/stations/${ASSET_STATION.slug}/assets/dispensers?status=offline,fault&fuel=cng&sort=-lane&span=1w`,
    );

    await screen.findByTestId('dispenser-row');
    const [query] = registryQueries(fetchMock);
    expect(query?.get('status')).toBe('fault,offline');
    expect(query?.get('fuel')).toBe('cng');
    expect(query?.get('sort')).toBe('-lane');
    const span = Date.parse(query?.get('endDate') ?? '') - Date.parse(query?.get('startDate') ?? '');
    expect(span).toBe(7 * 24 * 3600 * 1000);
    expect(screen.getByRole('columnheader', { name: /lane/i }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('sorts by a header and pages with the cursor, both through the URL', async () => {
    const fetchMock = serve();
    const { router, user } = renderPage(`/stations/${ASSET_STATION.slug}/assets/dispensers`);
    await screen.findByTestId('dispenser-row');

    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'status' }));
    await waitFor(() =>
      expect(registryQueries(fetchMock).some((query) => query.get('sort') === 'status')).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ cursor: REGISTRY.nextCursor }));
    await waitFor(() => expect(registryQueries(fetchMock).at(-1)?.get('cursor')).toBe(REGISTRY.nextCursor));
    expect(registryQueries(fetchMock).at(-1)?.get('sort')).toBe('status');
    // Back to the first page of this sort.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('cursor'));

    // Sorting again by code returns to the default, which the address bar leaves out.
    await user.click(screen.getByRole('button', { name: 'Dispenser' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('sort'));
  });

  it('offers to clear filters that match nothing', async () => {
    const fetchMock = serve({ count: 0, pages: 0, results: [] });
    const { router, user } = renderPage(`/stations/${ASSET_STATION.slug}/assets/dispensers?status=fault`);

    expect(await screen.findByText('No dispensers match these filters')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('status'));
    await waitFor(() => expect(registryQueries(fetchMock).at(-1)?.get('status')).toBeNull());
  });
});

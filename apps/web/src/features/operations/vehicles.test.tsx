import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as VehiclesPage } from '../../routes/vehicles/list.lazy';
import { Route as VehiclePage } from '../../routes/vehicles/vehicle.lazy';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn } from '../../test/session';
import { ZVehicleRegistrySearch, ZVehicleSearch } from './search';
import { page, pickOption, STATION, serve, vehicle, vehicleDetail, withoutRetries } from './test-fixtures';

beforeEach(() => {
  signIn('admin');
});

/** The vehicle register and a vehicle, without the rest of the app. */
const PAGES: TScreenPage[] = [
  { page: VehiclesPage, validateSearch: ZVehicleRegistrySearch },
  { page: VehiclePage, validateSearch: ZVehicleSearch },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the vehicle registry', () => {
  const API = '/api/vehicles';

  it('lists vehicles without a time window and links each to its page', async () => {
    const { queries } = serve({
      [API]: () =>
        jsonResponse(
          page([vehicle(1), vehicle(2, { registration: 'DL01CA0042', isWatchlisted: true, fuel: 'cng' })], {
            count: 10_000,
            approximate: true,
            pages: 250,
            nextCursor: 'cursor-2',
          }),
        ),
    });
    renderPage('/vehicles');

    const rows = await screen.findAllByTestId('vehicles-row');
    expect(within(rows[0]!).getByRole('link', { name: 'MH12AB1234' }).getAttribute('href')).toBe(
      '/vehicles/MH12AB1234',
    );
    expect(within(rows[0]!).queryByTestId('watchlist-badge')).toBeNull();
    expect(within(rows[1]!).getByTestId('watchlist-badge')).toBeTruthy();
    expect(within(rows[1]!).getByText('CNG')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeTruthy();
    expect(screen.getByTestId('keyset-count').textContent).toBe('10,000+ vehicles');
    expect(screen.queryByTestId('time-window-button')).toBeNull();
    const [sent] = queries(API);
    expect(sent!.has('startDate')).toBe(false);
    expect(sent!.has('endDate')).toBe(false);
  });

  it('filters by watch list, class and registration through the URL', async () => {
    const { queries } = serve({ [API]: () => jsonResponse(page([vehicle(1)])) });
    const { user, router } = renderPage('/vehicles?fuel=diesel');
    await screen.findAllByTestId('vehicles-row');
    expect(queries(API)[0]!.get('fuel')).toBe('diesel');

    await user.click(screen.getByLabelText('Watch list', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'On the watch list' }));
    await waitFor(() => expect(router.state.location.href).toContain('isWatchlisted=true'));
    await waitFor(() => expect(queries(API).at(-1)!.get('isWatchlisted')).toBe('true'));

    await pickOption(user, 'Vehicle class', 'Truck');
    await waitFor(() => expect(queries(API).at(-1)!.get('vehicleClass')).toBe('truck'));

    await user.type(screen.getByRole('searchbox', { name: 'Registration' }), 'MH12{Enter}');
    await waitFor(() => expect(queries(API).at(-1)!.get('q')).toBe('MH12'));
    expect(router.state.location.href).toBe(
      '/vehicles?fuel=diesel&isWatchlisted=true&vehicleClass=truck&q=MH12',
    );
  });

  it('says when no vehicle matches', async () => {
    serve({ [API]: () => jsonResponse(page([])) });
    renderPage('/vehicles?isWatchlisted=true');
    expect(await screen.findByText('No vehicles match these filters')).toBeTruthy();
  });
});

describe('a vehicle page', () => {
  const API = '/api/vehicles/MH12AB1234';

  it('shows the vehicle, its totals, stations, fills, camera reads and challans', async () => {
    const { queries } = serve({
      [API]: () => jsonResponse(vehicleDetail()),
      '/api/stations': () =>
        jsonResponse(page([{ ...STATION, id: 9, slug: 'adajan', name: 'Adajan Road' }], { pages: 1 })),
    });
    renderPage('/vehicles/mh12-ab-1234');

    expect(await screen.findByRole('heading', { level: 1, name: 'MH12AB1234' })).toBeTruthy();
    expect(screen.getByTestId('watchlist-badge')).toBeTruthy();
    const totals = within(screen.getByTestId('vehicle-totals'));
    expect(totals.getByText('₹4,120.00')).toBeTruthy();
    expect(totals.getByText(/40\.25 L/)).toBeTruthy();
    expect(totals.getByText('₹500.00 in fines')).toBeTruthy();

    const visits = within(screen.getByTestId('vehicle-stations-table'));
    expect(visits.getByRole('link', { name: STATION.name }).getAttribute('href')).toBe(
      `/stations/${STATION.slug}`,
    );
    expect(within(screen.getByTestId('vehicle-fills-row')).getByText('20.25 L')).toBeTruthy();
    // A read at a station where it did not fill is named from the station list.
    const read = within(screen.getByTestId('vehicle-sightings-row'));
    expect((await read.findByRole('link', { name: 'Adajan Road' })).getAttribute('href')).toBe(
      '/stations/adajan',
    );
    expect(
      within(screen.getByTestId('vehicle-challans-row')).getByText('Riding without a helmet'),
    ).toBeTruthy();

    const [sent] = queries(API);
    expect(Date.parse(sent!.get('endDate')!) - Date.parse(sent!.get('startDate')!)).toBe(86_400_000);
  });

  it('answers an unknown registration with a not-found state', async () => {
    const { queries } = serve({ [API]: () => errorResponse(404, 'NOT_FOUND', 'Vehicle not found') });
    renderPage('/vehicles/MH12AB1234');

    expect(await screen.findByRole('heading', { name: 'Vehicle not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /back to all vehicles/i }).getAttribute('href')).toBe(
      '/vehicles',
    );
    expect(screen.queryByTestId('vehicle-totals')).toBeNull();
    // A 404 is final: not retried.
    expect(queries(API)).toHaveLength(1);
  });

  it('does not ask for a window over 180 days', async () => {
    const { queries } = serve({ [API]: () => jsonResponse(vehicleDetail()) });
    renderPage('/vehicles/MH12AB1234?span=181d');
    expect(await screen.findByText('The window can be at most 180 days for this screen')).toBeTruthy();
    expect(queries(API)).toHaveLength(0);
    expect(screen.queryByText('Loading vehicle…')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    serve({
      [API]: () => (fail ? errorResponse(500, 'INTERNAL', 'Something broke') : jsonResponse(vehicleDetail())),
    });
    const { user, queryClient } = renderPage('/vehicles/MH12AB1234');
    withoutRetries(queryClient);

    expect(await screen.findByText('Could not load this vehicle')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('vehicle-totals')).toBeTruthy();
    expect(screen.queryByText('Could not load this vehicle')).toBeNull();
  });
});

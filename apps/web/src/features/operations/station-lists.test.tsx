import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as ChallansPage } from '../../routes/stations/station/challans.lazy';
import { Route as CustomersPage } from '../../routes/stations/station/customers.lazy';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as PaymentsPage } from '../../routes/stations/station/payments.lazy';
import { Route as VehiclesPage } from '../../routes/stations/station/vehicles.lazy';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn } from '../../test/session';
import { ZChallansSearch, ZCustomersSearch, ZPaymentsSearch, ZSightingsSearch } from './search';
import {
  challan,
  customer,
  page,
  payment,
  pickOption,
  STATION,
  serve,
  sighting,
  stationPath,
  withoutRetries,
} from './test-fixtures';

const DAY = 86_400_000;
const spanOf = (query: URLSearchParams) =>
  Date.parse(query.get('endDate')!) - Date.parse(query.get('startDate')!);
const windowAgo = (days: number) => {
  const end = new Date();
  return `startDate=${new Date(end.getTime() - days * DAY).toISOString()}&endDate=${end.toISOString()}`;
};

beforeEach(() => {
  signIn('admin');
});

/** The station lists, each alone in the station layout, as the app shows them. */
const PAGES: TScreenPage[] = [
  { page: PaymentsPage, validateSearch: ZPaymentsSearch, layout: StationLayout },
  { page: VehiclesPage, validateSearch: ZSightingsSearch, layout: StationLayout },
  { page: CustomersPage, validateSearch: ZCustomersSearch, layout: StationLayout },
  { page: ChallansPage, validateSearch: ZChallansSearch, layout: StationLayout },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('station payments', () => {
  const API = stationPath('payments');
  const PATH = `/stations/${STATION.slug}/payments`;

  it('lists a week of payments and filters them by mode', async () => {
    const { queries } = serve({
      [API]: (url) =>
        jsonResponse(
          page(
            url.searchParams.get('mode') === 'upi'
              ? [payment(3, { mode: 'upi', provider: 'PhonePe', amountPaise: 45_050 })]
              : [payment(1), payment(2, { transactionId: null, status: 'failed' })],
          ),
        ),
    });
    const { user, router } = renderPage(PATH);

    const rows = await screen.findAllByTestId('payments-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Card')).toBeTruthy();
    expect(within(rows[0]!).getByText('₹1,500.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('RRN10042')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Top-up or settlement')).toBeTruthy();
    expect(spanOf(queries(API)[0]!)).toBe(7 * DAY);

    await pickOption(user, 'Payment mode', 'UPI');

    await waitFor(() => expect(router.state.location.href).toBe(`${PATH}?mode=upi`));
    await waitFor(() => expect(screen.getAllByTestId('payments-row')).toHaveLength(1));
    expect(screen.getByText('PhonePe')).toBeTruthy();
    expect(queries(API).at(-1)!.get('mode')).toBe('upi');
  });

  it('stops at 93 days', async () => {
    const { queries } = serve({ [API]: () => jsonResponse(page([payment(1)])) });
    renderPage(`${PATH}?${windowAgo(94)}`);
    expect(await screen.findByText('The window can be at most 93 days for this screen')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: STATION.name })).toBeTruthy();
    expect(queries(API)).toHaveLength(0);
  });

  it('says when the window has no payments', async () => {
    serve({ [API]: () => jsonResponse(page([])) });
    renderPage(PATH);
    expect(await screen.findByText('No payments in this window')).toBeTruthy();
  });
});

describe('station vehicles (camera reads)', () => {
  const API = stationPath('vehicles');
  const PATH = `/stations/${STATION.slug}/vehicles`;

  it('lists reads with their vehicle, time on the forecourt and outcome, and sorts by dwell, longest first', async () => {
    const { queries } = serve({
      [API]: () =>
        jsonResponse(
          page([
            sighting(1),
            sighting(2, { transactionId: null, confidence: 64, registration: 'GJ05ZZ0001' }),
          ]),
        ),
    });
    const { user, router } = renderPage(`${PATH}?vehicleClass=car,truck`);

    const rows = await screen.findAllByTestId('sightings-row');
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'GJ05CD9876' }).getAttribute('href')).toBe('/vehicles/GJ05CD9876');
    expect(first.getByText('4m 32s')).toBeTruthy();
    expect(first.getByText('Filled')).toBeTruthy();
    expect(within(rows[1]!).getByText('No fill')).toBeTruthy();
    expect(within(rows[1]!).getByText('64%')).toBeTruthy();
    expect(queries(API)[0]!.get('vehicleClass')).toBe('car,truck');
    expect(spanOf(queries(API)[0]!)).toBe(DAY);

    // A numeric column starts largest first; a second click gives shortest first.
    await user.click(screen.getByRole('button', { name: 'Time on forecourt' }));
    await waitFor(() => expect(router.state.location.href).toContain('sort=-dwellSeconds'));
    await waitFor(() => expect(queries(API).at(-1)!.get('sort')).toBe('-dwellSeconds'));
    expect(queries(API).at(-1)!.get('vehicleClass')).toBe('car,truck');
    await user.click(screen.getByRole('button', { name: 'Time on forecourt' }));
    await waitFor(() => expect(queries(API).at(-1)!.get('sort')).toBe('dwellSeconds'));
    expect(router.state.location.href).toContain('sort=dwellSeconds');
    expect(queries(API).at(-1)!.get('vehicleClass')).toBe('car,truck');
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    serve({
      [API]: () =>
        fail ? errorResponse(503, 'UNAVAILABLE', 'Down for a moment') : jsonResponse(page([sighting(1)])),
    });
    const { user, queryClient } = renderPage(PATH);
    withoutRetries(queryClient);

    expect(await screen.findByText('Could not load the vehicle visits')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('sightings-row')).toHaveLength(1);
  });
});

describe('station customers', () => {
  const API = stationPath('customers');
  const PATH = `/stations/${STATION.slug}/customers`;

  it('ranks the customers of the last 14 days by quantity, and sorts by name on request', async () => {
    const { queries } = serve({
      [API]: () =>
        jsonResponse(
          page([
            customer(1),
            customer(2, { name: 'Arjun Desai', kind: 'individual', quantityByFuel: { petrol: 42 } }),
          ]),
        ),
    });
    const { user, router } = renderPage(PATH);

    const rows = await screen.findAllByTestId('customers-row');
    const first = within(rows[0]!);
    expect(first.getByText('Meera Transport')).toBeTruthy();
    expect(first.getByText('Fleet')).toBeTruthy();
    expect(first.getByText(/1,200 L/)).toBeTruthy();
    expect(first.getByText(/50\.5 kg/)).toBeTruthy();
    expect(first.getByText('₹1,13,450.00')).toBeTruthy();
    expect(within(rows[1]!).getByText(/42 L/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /quantity bought/i }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const [first14] = queries(API);
    expect(spanOf(first14!)).toBe(14 * DAY);
    // The customers screen steps in at least 30 minutes.
    expect(['30m', '1h', '3h', '6h', '12h', '1d']).toContain(first14!.get('frequency'));

    await user.click(screen.getByRole('button', { name: 'Customer' }));
    await waitFor(() => expect(router.state.location.href).toBe(`${PATH}?sort=name`));
    await waitFor(() => expect(queries(API).at(-1)!.get('sort')).toBe('name'));
  });

  it('searches by name or phone and filters by kind', async () => {
    const { queries } = serve({ [API]: () => jsonResponse(page([customer(1)])) });
    const { user, router } = renderPage(`${PATH}?kind=fleet`);
    await screen.findAllByTestId('customers-row');
    expect(queries(API)[0]!.get('kind')).toBe('fleet');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'meera{Enter}');
    await waitFor(() => expect(router.state.location.href).toBe(`${PATH}?kind=fleet&q=meera`));
    await waitFor(() => expect(queries(API).at(-1)!.get('q')).toBe('meera'));
  });
});

describe('station challans', () => {
  const API = stationPath('challans');
  const PATH = `/stations/${STATION.slug}/challans`;

  it('lists challans with offences, fines and status, filtered by state and status', async () => {
    const { queries } = serve({
      [API]: () =>
        jsonResponse(
          page([
            challan(1),
            challan(2, { status: 'paid', paidAt: new Date().toISOString(), finePaise: 200_000 }),
          ]),
        ),
    });
    const { user, router } = renderPage(`${PATH}?stateCode=MH,GJ,ZZ`);

    const rows = await screen.findAllByTestId('challans-row');
    const first = within(rows[0]!);
    expect(first.getByText('Riding without a helmet')).toBeTruthy();
    expect(first.getByText('₹1,000.00')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByRole('link', { name: 'GJ05EF4321' }).getAttribute('href')).toBe('/vehicles/GJ05EF4321');
    expect(within(rows[1]!).getByText('Paid')).toBeTruthy();
    // Unknown state codes in the address are dropped; the rest go to the API sorted.
    expect(queries(API)[0]!.get('stateCode')).toBe('GJ,MH');
    expect(spanOf(queries(API)[0]!)).toBe(30 * DAY);

    await pickOption(user, 'Status', 'Pending');
    await waitFor(() => expect(router.state.location.href).toContain('status=pending'));
    await waitFor(() => expect(queries(API).at(-1)!.get('status')).toBe('pending'));
  });

  it('stops at 60 days', async () => {
    const { queries } = serve({ [API]: () => jsonResponse(page([challan(1)])) });
    renderPage(`${PATH}?span=61d`);
    expect(await screen.findByText('The window can be at most 60 days for this screen')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: STATION.name })).toBeTruthy();
    expect(queries(API)).toHaveLength(0);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as TransactionsPage } from '../../routes/stations/station/transactions.lazy';
import { errorResponse, jsonResponse } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn } from '../../test/session';
import { ZTransactionsSearch } from './search';
import { page, pickOption, STATION, serve, stationPath, transaction, withoutRetries } from './test-fixtures';

const PATH = `/stations/${STATION.slug}/transactions`;
const API = stationPath('transactions');

const HOUR = 3_600_000;

/** The transactions page alone, in the station layout, as the app shows it. */
const PAGES: TScreenPage[] = [
  { page: TransactionsPage, validateSearch: ZTransactionsSearch, layout: StationLayout },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('station transactions', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('lists the fills of the last 24 hours with nozzle, quantity, amount, mode, status and vehicle', async () => {
    const { queries } = serve({
      [API]: () =>
        jsonResponse(
          page([
            transaction(5),
            transaction(9, {
              fuel: 'cng',
              nozzleId: 999,
              quantity: 7.25,
              unitPricePaise: 7_600,
              amountPaise: 55_100,
              paymentMode: 'cash',
              status: 'unpaid',
              vehicleRegistration: null,
            }),
          ]),
        ),
    });
    renderPage(PATH);

    const rows = await screen.findAllByTestId('transactions-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Diesel')).toBeTruthy();
    expect(await first.findByText('D-01 · nozzle 2')).toBeTruthy();
    expect(first.getByText('32.5 L')).toBeTruthy();
    expect(first.getByText('₹2,938.65')).toBeTruthy();
    expect(first.getByText('UPI')).toBeTruthy();
    expect(first.getByText('Completed')).toBeTruthy();
    expect(first.getByRole('link', { name: 'GJ05AB1234' }).getAttribute('href')).toBe('/vehicles/GJ05AB1234');
    const second = within(rows[1]!);
    expect(second.getByText('7.25 kg')).toBeTruthy();
    expect(second.getByText('Nozzle #999')).toBeTruthy();
    expect(second.getByText('Unpaid (drive-off)')).toBeTruthy();
    expect(second.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('keyset-count').textContent).toBe('2 transactions');
    expect(screen.getByRole('columnheader', { name: /time/i }).getAttribute('aria-sort')).toBe('descending');

    const [sent] = queries(API);
    const span = Date.parse(sent!.get('endDate')!) - Date.parse(sent!.get('startDate')!);
    expect(span).toBe(24 * HOUR);
    expect(sent!.get('frequency')).toBeTruthy();
    expect(sent!.has('cursor')).toBe(false);
    expect(sent!.has('sort')).toBe(false);
  });

  it('sends the filters in the URL and writes new ones to the URL and the API call', async () => {
    const { queries } = serve({ [API]: () => jsonResponse(page([transaction(1)])) });
    const { user, router } = renderPage(`${PATH}?paymentMode=upi,cash&status=unpaid`);

    await screen.findAllByTestId('transactions-row');
    expect(queries(API)[0]!.get('paymentMode')).toBe('cash,upi');
    expect(queries(API)[0]!.get('status')).toBe('unpaid');

    await pickOption(user, 'Fuel', 'Diesel');
    await waitFor(() => expect(router.state.location.href).toContain('fuel=diesel'));
    await waitFor(() => expect(queries(API).at(-1)!.get('fuel')).toBe('diesel'));
    expect(queries(API).at(-1)!.get('paymentMode')).toBe('cash,upi');

    const registration = screen.getByRole('searchbox', { name: 'Registration' }) as HTMLInputElement;
    await user.type(registration, 'gj05');
    expect(registration.value).toBe('GJ05');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ registration: 'GJ05' }));
    await waitFor(() => expect(queries(API).at(-1)!.get('registration')).toBe('GJ05'));
  });

  it('offers in the fuel filter only the fuels the station sells', async () => {
    serve({ [API]: () => jsonResponse(page([transaction(1)])) });
    const { user } = renderPage(PATH);
    await screen.findAllByTestId('transactions-row');

    await user.click(screen.getByLabelText('Fuel', { selector: 'input' }));
    // The station's nozzles give petrol, diesel and CNG (STATION.fuels); not premium, not EV.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Petrol',
        'Diesel',
        'CNG',
      ]),
    );
  });

  it('sorts by amount, largest first, from the column header and starts again from the first page', async () => {
    const { queries } = serve({
      [API]: () => jsonResponse(page([transaction(1)], { nextCursor: 'c2Vjb25kLXBhZ2U' })),
    });
    const { user, router } = renderPage(`${PATH}?cursor=c2Vjb25kLXBhZ2U`);
    await screen.findAllByTestId('transactions-row');

    await user.click(screen.getByRole('button', { name: 'Amount' }));

    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: '-amountPaise' }));
    expect(router.state.location.search).not.toHaveProperty('cursor');
    await waitFor(() => expect(queries(API).at(-1)!.get('sort')).toBe('-amountPaise'));
    expect(queries(API).at(-1)!.has('cursor')).toBe(false);
    expect(screen.getByRole('columnheader', { name: /amount/i }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    // A second click gives smallest first.
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'amountPaise' }));
  });

  it('shows why a window is too long and does not call the API', async () => {
    const { queries } = serve({ [API]: () => jsonResponse(page([transaction(1)])) });
    const end = new Date();
    const start = new Date(end.getTime() - 400 * 24 * HOUR);
    renderPage(`${PATH}?startDate=${start.toISOString()}&endDate=${end.toISOString()}`);

    expect(await screen.findByText('The window can be at most 366 days for this screen')).toBeTruthy();
    // The station header has loaded, so the page had every chance to ask for its rows.
    expect(await screen.findByRole('heading', { level: 1, name: STATION.name })).toBeTruthy();
    expect(screen.queryByText('Loading transactions…')).toBeNull();
    expect(queries(API)).toHaveLength(0);
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const { queries } = serve({
      [API]: (url) => jsonResponse(page(url.searchParams.has('status') ? [] : [transaction(1)])),
    });
    const { user, router } = renderPage(`${PATH}?status=voided&sort=quantity`);

    expect(await screen.findByText('No transactions match these filters')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1]!);

    expect(await screen.findAllByTestId('transactions-row')).toHaveLength(1);
    expect(router.state.location.search).toEqual({ sort: 'quantity' });
    expect(queries(API).at(-1)!.has('status')).toBe(false);
  });

  it('says when the window has no fills', async () => {
    serve({ [API]: () => jsonResponse(page([])) });
    renderPage(PATH);
    expect(await screen.findByText('No transactions in this window')).toBeTruthy();
    expect(screen.queryByTestId('keyset-pager')).toBeNull();
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    const { queries } = serve({
      [API]: () =>
        fail ? errorResponse(500, 'INTERNAL', 'Something broke') : jsonResponse(page([transaction(1)])),
    });
    const { user, queryClient } = renderPage(PATH);
    withoutRetries(queryClient);

    expect(await screen.findByText('Could not load the transactions')).toBeTruthy();
    expect(screen.getByText('Something broke')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findAllByTestId('transactions-row')).toHaveLength(1);
    expect(queries(API)).toHaveLength(2);
  });

  it('explains a refused sort and offers the default order instead of a retry', async () => {
    serve({
      [API]: (url) =>
        url.searchParams.get('sort') === '-quantity'
          ? errorResponse(400, 'WINDOW_TOO_LONG', 'Sorting by quantity needs a window of at most 31 days')
          : jsonResponse(page([transaction(1)])),
    });
    const { user, router } = renderPage(`${PATH}?sort=-quantity&span=90d`);

    expect(await screen.findByText('Sorting by quantity needs a window of at most 31 days')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use the default order' }));

    expect(await screen.findAllByTestId('transactions-row')).toHaveLength(1);
    expect(router.state.location.search).toEqual({ span: '90d' });
  });
});

describe('keyset paging', () => {
  beforeEach(() => {
    signIn('admin');
  });

  /** Three pages of one row each; the cursor of page n + 1 is `cursor-n`. */
  function serveThreePages() {
    return serve({
      [API]: (url) => {
        const cursor = url.searchParams.get('cursor');
        const index = cursor ? Number(cursor.slice('cursor-'.length)) : 1;
        return jsonResponse({
          count: 10_000,
          pages: 250,
          approximate: true,
          results: [transaction(index, { vehicleRegistration: `GJ05PG000${index}` })],
          ...(index < 3 ? { nextCursor: `cursor-${index + 1}` } : {}),
        });
      },
    });
  }

  const shownRegistration = () =>
    within(screen.getByTestId('transactions-row')).getByRole('link').textContent;

  it('goes forward with nextCursor, back through the visited cursors, and to the first page', async () => {
    const { queries } = serveThreePages();
    const { user, router } = renderPage(PATH);

    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0001'));
    expect(screen.getByTestId('keyset-count').textContent).toBe('10,000+ transactions');
    expect(screen.getByTestId('keyset-position').textContent).toBe('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0002'));
    expect(router.state.location.search).toMatchObject({ cursor: 'cursor-2' });
    expect(queries(API).at(-1)!.get('cursor')).toBe('cursor-2');
    expect(screen.getByTestId('keyset-position').textContent).toBe('Page 2');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0003'));
    expect(screen.getByTestId('keyset-position').textContent).toBe('Page 3');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0002'));
    expect(router.state.location.search).toMatchObject({ cursor: 'cursor-2' });
    expect(screen.getByTestId('keyset-position').textContent).toBe('Page 2');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0001'));
    expect(router.state.location.search).not.toHaveProperty('cursor');

    // The browser's back button returns to the page before, with its own way back intact.
    router.history.back();
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0002'));
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0003'));
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0001'));
    expect(router.state.location.search).toEqual({});
  });

  it('opens a shared page address without a trail: forward and first page still work', async () => {
    serveThreePages();
    const { user } = renderPage(`${PATH}?cursor=cursor-2`);

    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0002'));
    expect(screen.getByTestId('keyset-position').textContent).toBe('A later page');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0001'));
  });

  it('a filter change drops the cursor and its trail', async () => {
    const { queries } = serveThreePages();
    const { user, router } = renderPage(PATH);
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0001'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownRegistration()).toBe('GJ05PG0002'));

    await pickOption(user, 'Status', 'Voided');

    await waitFor(() => expect(router.state.location.href).toBe(`${PATH}?status=voided`));
    await waitFor(() => expect(queries(API).at(-1)!.get('status')).toBe('voided'));
    expect(queries(API).at(-1)!.has('cursor')).toBe(false);
    await waitFor(() => expect(screen.getByTestId('keyset-position').textContent).toBe('Page 1'));
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
  });
});

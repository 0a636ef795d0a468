import type { TPersonnelItem } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderScreen } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { testStation } from '../../test/stations';
import { PersonnelScreen } from './components/personnel-screen';
import { ZPersonnelSearch } from './search';

const STATION = testStation();

const person = (patch: Partial<TPersonnelItem>): TPersonnelItem => ({
  id: 1,
  stationId: 1,
  stationName: 'Baner Road',
  stationSlug: 'baner-road',
  name: 'Ravi Kumar',
  role: 'attendant',
  phone: '+919876543210',
  shift: 'night',
  status: 'active',
  joinedOn: '2022-08-16',
  createdAt: '2022-08-16T03:30:00.000Z',
  updatedAt: '2022-08-16T03:30:00.000Z',
  ...patch,
});

let staff: TPersonnelItem[];

function serve(me = ME.admin) {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === '/api/stations/baner-road') return jsonResponse(STATION);
      if (url.pathname === '/api/stations/baner-road/personnel' && method === 'GET') {
        const roles = url.searchParams.getAll('role');
        const results = roles.length ? staff.filter((row) => roles.includes(row.role)) : staff;
        return jsonResponse({ count: results.length, pages: 1, results });
      }
      if (url.pathname === '/api/stations/baner-road/personnel' && method === 'POST') {
        const created = person({ id: 9, ...(body as object) });
        staff = [...staff, created];
        return jsonResponse({ ...created, audit: [] }, 201);
      }
      const edit = /^\/api\/personnel\/(\d+)$/.exec(url.pathname);
      if (edit && method === 'PATCH') {
        staff = staff.map((row) => (row.id === Number(edit[1]) ? { ...row, ...(body as object) } : row));
        return jsonResponse({ ...staff.find((row) => row.id === Number(edit[1]))!, audit: [] });
      }
      const deactivate = /^\/api\/personnel\/(\d+)\/deactivate$/.exec(url.pathname);
      if (deactivate) {
        staff = staff.map((row) => (row.id === Number(deactivate[1]) ? { ...row, status: 'inactive' } : row));
        return jsonResponse({ ...staff.find((row) => row.id === Number(deactivate[1]))!, audit: [] });
      }
      if (url.pathname.startsWith('/api/stations')) return jsonResponse({ count: 0, pages: 0, results: [] });
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, me),
  );
}

beforeEach(() => {
  staff = [person({}), person({ id: 2, name: 'Meena Joshi', role: 'manager', shift: 'general' })];
});

/** The personnel screen alone, as the app's `/stations/$slug/personnel` route shows it. */
const renderPersonnel = () =>
  renderScreen('/stations/baner-road/personnel', {
    pattern: '/stations/$slug/personnel',
    validateSearch: ZPersonnelSearch,
    screen: ({ params, search }) => <PersonnelScreen slug={params.slug ?? ''} search={search} />,
  });

describe('the personnel page', () => {
  it('lists the staff with labels and formatted mobiles, and filters by role', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { router } = renderPersonnel();
    const rows = await screen.findAllByTestId('personnel-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Attendant (DSM)')).toBeTruthy();
    expect(within(rows[0]!).getByText('+91 98765 43210')).toBeTruthy();
    expect(within(rows[0]!).getByText('Night (22–06)')).toBeTruthy();
    await router.navigate({
      to: '/stations/$slug/personnel',
      params: { slug: 'baner-road' },
      search: { role: ['manager'] },
    });
    await waitFor(() => expect(screen.getAllByTestId('personnel-row')).toHaveLength(1));
    const calls = callsTo(fetchMock, '/api/stations/baner-road/personnel', 'GET');
    expect(String(calls.at(-1)?.[0])).toContain('role=manager');
  });

  it('adds a staff member, checking the mobile number first', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPersonnel();
    await screen.findAllByTestId('personnel-row');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff member' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Suresh Patil');
    await user.click(within(dialog).getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Cashier' }));
    await user.click(within(dialog).getByLabelText(/^Shift/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^Morning/ }));
    await user.type(within(dialog).getByLabelText(/^Mobile number/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText(/Enter a 10-digit Indian mobile number/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/stations/baner-road/personnel', 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Mobile number/));
    await user.type(within(dialog).getByLabelText(/^Mobile number/), '098765 11111');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Suresh Patil was added to the staff.')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/stations/baner-road/personnel', 'POST') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Suresh Patil',
      role: 'cashier',
      shift: 'morning',
      phone: '+919876511111',
    });
    await waitFor(() => expect(screen.getAllByTestId('personnel-row')).toHaveLength(3));
  });

  it('edits and deactivates from the row menu', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderPersonnel();
    await screen.findAllByTestId('personnel-row');
    await user.click(screen.getByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit staff member' });
    const name = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.value).toBe('Ravi Kumar');
    await user.clear(name);
    await user.type(name, 'Ravi K. Kumar');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ravi K. Kumar was updated.')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/personnel/1', 'PATCH') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({ name: 'Ravi K. Kumar', phone: '+919876543210' });

    await user.click(screen.getByRole('button', { name: 'Actions for Ravi K. Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate this person?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Ravi K. Kumar is marked inactive.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/personnel/1/deactivate', 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getAllByTestId('personnel-row')[0]!).getByText('Inactive')).toBeTruthy(),
    );
  });

  it('shows members the list without the write controls', async () => {
    signIn('member');
    serve(ME.member);
    renderPersonnel();
    await screen.findAllByTestId('personnel-row');
    expect(screen.queryByRole('button', { name: 'Add staff member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Ravi Kumar' })).toBeNull();
  });
});

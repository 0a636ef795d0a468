import type { TMember } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as MembersPage } from '../../routes/settings/members.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { stationList, testStation } from '../../test/stations';
import { ZMemberListSearch } from './search';

const station = (id: number, name: string) =>
  testStation({ id, slug: name.toLowerCase().replace(/\s+/g, '-'), name, code: `PUN-00${id}` });
const STATIONS = stationList(station(1, 'Baner Road'), station(2, 'Aundh'));

const member = (patch: Partial<TMember>): TMember => ({
  id: 2,
  userId: 2,
  email: 'member@forecourt.demo',
  firstName: 'Ravi',
  lastName: 'Menon',
  role: 'member',
  scope: '',
  status: 'active',
  stationIds: [1],
  disabled: false,
  createdAt: '2026-01-02T00:00:00.000Z',
  ...patch,
});

let members: TMember[];

function serve() {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === '/api/stations') return jsonResponse(STATIONS);
      if (url.pathname === '/api/members' && method === 'GET')
        return jsonResponse({ count: members.length, pages: 1, results: members });
      if (url.pathname === '/api/members/invitations') {
        const invited = member({
          id: 9,
          userId: 9,
          ...(body as object),
          status: 'invited',
          firstName: '',
          lastName: '',
        });
        members = [...members, invited];
        return jsonResponse(invited, 201);
      }
      const disable = /^\/api\/members\/(\d+)\/disable$/.exec(url.pathname);
      if (disable) {
        members = members.map((m) => (m.id === Number(disable[1]) ? { ...m, disabled: true } : m));
        return jsonResponse({});
      }
      if (url.pathname === '/api/members/1' && method === 'PATCH')
        return errorResponse(409, 'CONFLICT', 'An organisation needs at least one admin.');
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, ME.admin),
  );
}

beforeEach(() => {
  members = [
    member({
      id: 1,
      userId: 1,
      email: 'admin@forecourt.demo',
      firstName: 'Asha',
      role: 'admin',
      stationIds: 'all',
    }),
    member({}),
  ];
  signIn('admin');
});

/** The members page alone, as the app's `/settings/members` shows it. */
const PAGES: TScreenPage[] = [{ page: MembersPage, validateSearch: ZMemberListSearch }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('the members page', () => {
  it('lists members with role, stations and status', async () => {
    serve();
    renderPage('/settings/members');
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('All stations')).toBeTruthy();
    expect(within(rows[0]!).getByText('(you)')).toBeTruthy();
    await waitFor(() => expect(within(rows[1]!).getByText('Baner Road')).toBeTruthy());
    expect(within(rows[1]!).getByText('Active')).toBeTruthy();
  });

  it('invites a member with a role and stations', async () => {
    const fetchMock = serve();
    const { user } = renderPage('/settings/members');
    await screen.findAllByTestId('member-row');
    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByLabelText(/^Email/, { selector: 'input' }), 'new@forecourt.demo');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Choose at least one station.')).toBeTruthy();

    await user.click(within(dialog).getByLabelText(/^Stations/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /Aundh/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText(/Invitation sent to/)).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/members/invitations', 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'new@forecourt.demo',
      role: 'member',
      stationIds: [2],
    });
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(3));
    expect(screen.getByText('Invited')).toBeTruthy();
  });

  it('disables a member after confirmation', async () => {
    const fetchMock = serve();
    const { user } = renderPage('/settings/members');
    await screen.findAllByTestId('member-row');
    await user.click(screen.getByRole('button', { name: 'Actions for member@forecourt.demo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/is disabled and signed out/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/members/2/disable', 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Disabled')).toBeTruthy());
  });

  it("shows the server's reason when a role change is refused", async () => {
    serve();
    const { user } = renderPage('/settings/members');
    await screen.findAllByTestId('member-row');
    await user.click(screen.getByRole('button', { name: 'Actions for admin@forecourt.demo' }));
    // No "Disable" for yourself.
    expect(screen.queryByRole('menuitem', { name: 'Disable' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Change role and stations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change access' });
    await user.click(within(dialog).getByText('Member'));
    await user.click(within(dialog).getByLabelText(/^Stations/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /Baner Road/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'An organisation needs at least one admin.',
    );
  });
});

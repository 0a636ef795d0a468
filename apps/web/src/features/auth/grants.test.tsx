import type { TStationList } from '@forecourt/contracts';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route as MembersPage } from '../../routes/settings/members.lazy';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { ME, makeToken, signIn, withMe } from '../../test/session';
import { ZMemberListSearch } from '../members/search';
import { useCan, useGrants } from './session';

const LIST: TStationList = { count: 0, pages: 0, results: [] };
const MEMBERS = {
  count: 2,
  pages: 1,
  results: [
    {
      id: 1,
      userId: 1,
      email: 'admin@forecourt.demo',
      firstName: 'Asha',
      lastName: 'Kulkarni',
      role: 'admin',
      scope: '',
      status: 'active',
      stationIds: 'all',
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 2,
      userId: 2,
      email: 'member@forecourt.demo',
      firstName: 'Ravi',
      lastName: 'Menon',
      role: 'member',
      scope: '',
      status: 'active',
      stationIds: [1, 2],
      disabled: false,
      createdAt: '2026-01-02T00:00:00.000Z',
    },
  ],
};

function signInWithScope(scope: string) {
  window.localStorage.setItem(
    'credentials',
    JSON.stringify({
      access_token: makeToken({ sub: '1', scope, org: 1, exp: Math.floor(Date.now() / 1000) + 900 }),
      refresh_token: 'r',
    }),
  );
}

function serve(me = ME.admin) {
  return stubFetch(withMe(({ url }) => jsonResponse(url.pathname === '/api/members' ? MEMBERS : LIST), me));
}

async function openProfileMenu(user: ReturnType<typeof renderApp>['user']) {
  // The header menus' code loads after the first paint; on a busy machine its first load takes seconds.
  await user.click(await screen.findByRole('button', { name: /^Account/ }, { timeout: 15_000 }));
  await screen.findByRole('menuitem', { name: 'Sign out everywhere' });
}

/** The members page alone, as the app's `/settings/members` shows it. */
const PAGES: TScreenPage[] = [{ page: MembersPage, validateSearch: ZMemberListSearch }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('grants', () => {
  it('come from the stored token and answer useCan', () => {
    signInWithScope('stations:r members:cr');
    const { result } = renderHook(() => ({
      grants: useGrants(),
      canReadMembers: useCan('members:r'),
      canUpdateMembers: useCan('members:u'),
    }));
    expect([...result.current.grants].sort()).toEqual(['members:c', 'members:r', 'stations:r']);
    expect(result.current.canReadMembers).toBe(true);
    expect(result.current.canUpdateMembers).toBe(false);
  });

  it('are empty without a session', () => {
    const { result } = renderHook(() => useCan('stations:r'));
    expect(result.current).toBe(false);
  });
});

describe('what the UI shows for the grants', () => {
  // The menu entries are the shell's: the navigation tests render the whole app.
  it('gives an admin the Members entry, a member not', async () => {
    signIn('admin');
    serve(ME.admin);
    const admin = renderApp('/stations');
    await openProfileMenu(admin.user);
    expect(screen.getByRole('menuitem', { name: 'Members' }).getAttribute('href')).toBe('/settings/members');
    admin.unmount();

    signIn('member');
    serve(ME.member);
    const member = renderApp('/stations');
    await openProfileMenu(member.user);
    expect(screen.queryByRole('menuitem', { name: 'Members' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Mailbox' })).toBeTruthy();
  }, 60_000); // the whole app twice, each waiting for the header menus' code: generous on a busy machine

  it('hides navigation entries the grants do not allow', async () => {
    signInWithScope('stations:r vehicles:r');
    serve();
    renderApp('/stations');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Stations' })).toBeTruthy());
    expect(within(nav).getByRole('link', { name: 'Vehicles' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Incidents' })).toBeNull();
  });

  it('lets an admin invite and change members', async () => {
    signIn('admin');
    serve(ME.admin);
    renderPage('/settings/members');
    expect(await screen.findAllByTestId('member-row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for member@forecourt.demo' })).toBeTruthy();
  });

  it('shows a read-only list to someone who may only read members', async () => {
    signInWithScope('stations:r members:r');
    serve(ME.admin);
    renderPage('/settings/members');
    expect(await screen.findAllByTestId('member-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('tells a member the members page is for admins, without asking the server', async () => {
    signIn('member');
    const fetchMock = serve(ME.member);
    renderPage('/settings/members');
    expect(await screen.findByText('Only for admins')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/members'))).toBe(false);
  });
});

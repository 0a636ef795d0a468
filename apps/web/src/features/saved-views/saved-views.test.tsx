import type { THomePage, TSavedView } from '@forecourt/contracts';
import { useLocation } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route as ProfilePage } from '../../routes/settings/profile.lazy';
import { callsTo, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { renderPageAt, renderScreen } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { ZIncidentsSearch } from '../incidents/search';
import { SavedViewsMenu } from './components/views-menu';

const view = (patch: Partial<TSavedView>): TSavedView => ({
  id: 1,
  list: '/incidents',
  name: 'Open critical',
  search: { status: 'open', severity: 'critical' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...patch,
});

const VIEWS = [
  view({}),
  // Saved when incidents still had a `zone` filter and an `urgent` status: both are gone now.
  view({ id: 2, name: 'Old triage', search: { zone: 'west', status: 'urgent', severity: 'high' } }),
  view({ id: 3, list: '/cards', name: 'Blocked cards', search: { status: 'blocked' } }),
];

/** The list screen's place for the menu, and the address bar as the test reads it. */
function Screen() {
  const search = useLocation({ select: (location) => location.searchStr });
  return (
    <>
      <SavedViewsMenu />
      <output data-testid="search">{search}</output>
    </>
  );
}

function serveViews(views: TSavedView[] = VIEWS) {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === '/api/views' && method === 'GET')
        return jsonResponse({ results: views, limit: 50 });
      if (url.pathname === '/api/views' && method === 'POST')
        return jsonResponse(view({ id: 9, ...(body as Partial<TSavedView>) }), 201);
      if (url.pathname.startsWith('/api/views/') && method === 'PATCH')
        return jsonResponse(view({ ...(body as Partial<TSavedView>) }));
      if (url.pathname.startsWith('/api/views/') && method === 'DELETE')
        return new Response(null, { status: 204 });
      return jsonResponse({ message: 'not here' }, 404);
    }),
  );
}

const renderIncidents = (path: string) =>
  renderScreen(path, { pattern: '/incidents', validateSearch: ZIncidentsSearch, screen: () => <Screen /> });

describe('saved views menu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('names the view the list shows, whatever the order of its parameters', async () => {
    signIn('member');
    serveViews();
    renderIncidents('/incidents?severity=critical&status=open');
    expect(await screen.findByRole('button', { name: 'View: Open critical' })).toBeTruthy();
  });

  it('applies a view, dropping what the list no longer accepts', async () => {
    signIn('member');
    serveViews();
    const { user } = renderIncidents('/incidents?cursor=abc');
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    const menu = await screen.findByRole('menu');
    // Only this list's views are offered.
    expect(within(menu).queryByText('Blocked cards')).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Old triage' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?severity=high'));
    expect(await screen.findByRole('button', { name: 'View: Old triage' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'View: Old triage' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Open critical' }));
    await waitFor(() =>
      expect(screen.getByTestId('search').textContent).toBe('?status=open&severity=critical'),
    );
  });

  it('saves the current filters under a name, without the position in the list', async () => {
    signIn('member');
    const fetchMock = serveViews([]);
    const { user } = renderIncidents('/incidents?status=open,acknowledged&sort=-slaDueAt&cursor=abc');
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    expect(await screen.findByText('No saved views yet.')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Save current view as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Needs action');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/views', 'POST')).toHaveLength(1));
    const [, init] = callsTo(fetchMock, '/api/views', 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      list: '/incidents',
      name: 'Needs action',
      search: { status: 'open,acknowledged', sort: '-slaDueAt' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal of a name in use', async () => {
    signIn('member');
    stubFetch(
      withMe(({ url, method }) =>
        url.pathname === '/api/views' && method === 'POST'
          ? jsonResponse(
              {
                statusCode: 409,
                code: 'VIEW_NAME_TAKEN',
                message: 'You already have a view named "Open critical"',
              },
              409,
            )
          : jsonResponse({ results: VIEWS, limit: 50 }),
      ),
    );
    const { user } = renderIncidents('/incidents');
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save current view as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'open critical');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already have a view named');
  });

  it('renames and deletes views', async () => {
    signIn('member');
    const fetchMock = serveViews();
    const { user } = renderIncidents('/incidents');
    await user.click(await screen.findByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename or delete views…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your views of this list' });
    const name = within(dialog).getByRole('textbox', { name: 'Name of “Open critical”' });
    await user.clear(name);
    await user.type(name, 'Critical, open');
    await user.click(within(dialog).getAllByRole('button', { name: 'Rename' })[0]!);
    await waitFor(() => expect(callsTo(fetchMock, '/api/views/1', 'PATCH')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, '/api/views/1', 'PATCH')[0]![1]?.body))).toEqual({
      name: 'Critical, open',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete view Old triage' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/views/2', 'DELETE')).toHaveLength(1));
  });

  it('offers nothing on a page views are not kept for', async () => {
    signIn('member');
    const fetchMock = serveViews();
    renderScreen('/mailbox', { pattern: '/mailbox', screen: () => <Screen /> });
    await screen.findByTestId('search');
    expect(screen.queryByRole('button', { name: 'Views' })).toBeNull();
    expect(callsTo(fetchMock, '/api/views')).toHaveLength(0);
  });
});

const home = (patch: Partial<THomePage>): THomePage => ({
  to: '/stations',
  params: {},
  search: {},
  source: 'role',
  choice: { kind: 'auto' },
  choiceLabel: null,
  ...patch,
});

describe('home page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('sends "/" on to the page the server names', async () => {
    signIn('member');
    stubFetch(
      withMe(({ url }) =>
        url.pathname === '/api/home'
          ? jsonResponse(home({ to: '/stations/$slug', params: { slug: 'baner-road' } }))
          : jsonResponse({ message: 'not here' }, 404),
      ),
    );
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/stations/baner-road'));
  });

  it('opens a view chosen as home with its filters', async () => {
    signIn('member');
    stubFetch(
      withMe(({ url }) =>
        url.pathname === '/api/home'
          ? jsonResponse(home({ to: '/incidents', search: { status: 'open' }, source: 'choice' }))
          : jsonResponse({ message: 'not here' }, 404),
      ),
    );
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.href).toBe('/incidents?status=open'));
  });

  it('falls back to the station list when the home page cannot be read', async () => {
    signIn('member');
    stubFetch(withMe(() => jsonResponse({ statusCode: 500, code: 'INTERNAL', message: 'down' }, 500)));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/stations'));
  });

  it('lets the user choose a pinned station as their home page', async () => {
    signIn('member');
    const fetchMock = stubFetch(
      withMe(({ url, method, body }) => {
        if (url.pathname === '/api/home' && method === 'PUT')
          return jsonResponse(
            home({
              to: '/stations/$slug',
              params: { slug: 'baner-road' },
              source: 'choice',
              choice: body as THomePage['choice'],
              choiceLabel: 'Baner Road',
            }),
          );
        if (url.pathname === '/api/home') return jsonResponse(home({}));
        if (url.pathname === '/api/station-pins')
          return jsonResponse({
            results: [
              {
                stationId: 4,
                slug: 'baner-road',
                name: 'Baner Road',
                city: 'Pune',
                state: 'Maharashtra',
                status: 'operational',
                pinnedAt: '2026-11-01T00:00:00.000Z',
              },
            ],
            limit: 50,
          });
        if (url.pathname === '/api/views') return jsonResponse({ results: VIEWS, limit: 50 });
        return jsonResponse({ message: 'not here' }, 404);
      }),
    );
    const { user } = renderPageAt('/settings/profile', [{ page: ProfilePage }]);
    expect((await screen.findByTestId('home-page-now')).textContent).toBe(
      'By your role, you land on the station list.',
    );
    await user.click(screen.getByLabelText('Open after signing in', { selector: 'input' }));
    // Views of a whole list are offered; a station's list is not.
    expect(await screen.findByRole('option', { name: 'Incidents view: Open critical' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'Station: Baner Road' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/home', 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, '/api/home', 'PUT')[0]![1]?.body))).toEqual({
      kind: 'station',
      station: 'baner-road',
    });
    await waitFor(() =>
      expect(screen.getByTestId('home-page-now').textContent).toBe('You chose Baner Road.'),
    );
  });
});

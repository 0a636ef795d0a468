import type { TOrganization, TOrganizationDetail } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as OrganizationSettingsPage } from '../../routes/settings/organization.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { renderPageAt, renderScreen, type TScreenPage } from '../../test/render-screen';
import { ME, signIn } from '../../test/session';
import { OrganizationsScreen } from './components/organizations-screen';
import { ZOrganizationsSearch } from './search';

const org = (id: number, patch: Partial<TOrganization>): TOrganization => ({
  id,
  slug: `org-${id}`,
  name: `Org ${id}`,
  kind: 'dealer_group',
  isFuelProvider: false,
  fuels: ['petrol'],
  createdAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

const ORGS = [
  org(1, { name: 'Sahyog Fuels', fuels: ['petrol', 'diesel'] }),
  org(2, { name: 'Bharat Oil West', isFuelProvider: true, kind: 'omc_region', fuels: ['petrol', 'premium'] }),
];

let current: TOrganizationDetail;
let me = ME.admin;

function serve() {
  return stubFetch(({ url, method, body }) => {
    if (url.pathname === '/api/auth/me') return jsonResponse(me);
    if (url.pathname === '/api/organizations') {
      const provider = url.searchParams.get('isFuelProvider');
      const results = ORGS.filter((o) => provider === null || String(o.isFuelProvider) === provider);
      return jsonResponse({ count: results.length, pages: 1, results });
    }
    if (url.pathname === '/api/organizations/current') {
      if (method === 'PATCH') {
        const patch = body as { name?: string; fuels?: TOrganization['fuels'] };
        current = { ...current, ...patch };
        me = { ...me, organization: { ...me.organization!, name: current.name } };
      }
      return jsonResponse(current);
    }
    return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
  });
}

beforeEach(() => {
  me = ME.admin;
  current = { ...ORGS[0]!, stationCount: 12, memberCount: 4, audit: [] };
});

/** The organisations list alone, as the app's `/organizations` route shows it. */
const renderOrganizations = () =>
  renderScreen('/organizations', {
    pattern: '/organizations',
    validateSearch: ZOrganizationsSearch,
    screen: ({ search }) => <OrganizationsScreen search={search} />,
  });

/** The organisation settings page alone, as the app's `/settings/organization` shows it. */
const PAGES: TScreenPage[] = [{ page: OrganizationSettingsPage }];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('organisations', () => {
  it('lists the organisations and filters by fuel provider', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderOrganizations();
    expect(await screen.findAllByTestId('organization-row')).toHaveLength(2);
    await user.click(screen.getByLabelText('Fuel provider', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Fuel providers' }));
    await waitFor(() => expect(screen.getAllByTestId('organization-row')).toHaveLength(1));
    expect(screen.getByText('Bharat Oil West')).toBeTruthy();
    expect(
      callsTo(fetchMock, '/api/organizations', 'GET').some(([url]) =>
        String(url).includes('isFuelProvider=true'),
      ),
    ).toBe(true);
  });

  // The header's organisation name is the shell's: this one renders the whole app.
  it('renames the organisation in settings and the profile menu follows', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderApp('/settings/organization');
    const form = await screen.findByRole('form', { name: 'Organisation settings' });
    expect(screen.getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('/settings/members');
    const name = within(form).getByLabelText('Organisation name');
    await user.clear(name);
    await user.type(name, 'Sahyog Fuels West');
    await user.click(within(form).getByLabelText('CNG'));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, '/api/organizations/current', 'PATCH') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Sahyog Fuels West',
      fuels: ['petrol', 'diesel', 'cng'],
    });
    // The session's /me is asked again, so the header shows the new name.
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/me').length).toBeGreaterThan(1));
  });

  it('is read-only for a member', async () => {
    signIn('member');
    me = ME.member;
    serve();
    renderPage('/settings/organization');
    const form = await screen.findByRole('form', { name: 'Organisation settings' });
    expect(within(form).queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(within(form).getByText('Only admins can change these settings.')).toBeTruthy();
  });
});

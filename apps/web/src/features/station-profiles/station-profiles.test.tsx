import type { TStationProfileDetail, TStationProfileList } from '@forecourt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderScreen } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { RING_ROAD_SURAT } from '../../test/stations';
import { ProfileListScreen } from './components/profile-list-screen';
import { StationProfileScreen } from './components/station-profile-screen';
import { dayInput, formatDay, parseHours } from './hours';
import { ZStationProfilesSearch } from './search';

const STATION = RING_ROAD_SURAT;

const PROFILE: TStationProfileDetail = {
  id: 3,
  stationId: 7,
  stationSlug: STATION.slug,
  stationName: STATION.name,
  displayName: 'Nayara Ring Road',
  description: 'Open all night.',
  amenities: ['air', 'water'],
  hours: { mon: [{ open: '00:00', close: '24:00' }], tue: [{ open: '06:00', close: '22:00' }] },
  photos: [{ url: 'https://files.example/front.jpg', caption: 'Front' }],
  phone: '+919800000000',
  email: 'ring@example.in',
  isPublished: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-04-01T00:00:00.000Z',
  audit: [],
};

let profile: TStationProfileDetail | null;

function serve(me = ME.admin) {
  return stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === `/api/stations/${STATION.slug}`) return jsonResponse(STATION);
      if (url.pathname === `/api/stations/${STATION.slug}/profile`) {
        if (method === 'PUT') {
          const { expectedUpdatedAt: _, ...fields } = body as Record<string, unknown>;
          profile = {
            ...PROFILE,
            ...(fields as Partial<TStationProfileDetail>),
            updatedAt: '2026-05-01T00:00:00.000Z',
          };
          return jsonResponse(profile);
        }
        return profile
          ? jsonResponse(profile)
          : errorResponse(404, 'NOT_FOUND', 'Station profile was not found');
      }
      if (url.pathname === '/api/station-profiles') {
        const list: TStationProfileList = { count: 1, pages: 1, results: [PROFILE] };
        return jsonResponse(list);
      }
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, me),
  );
}

beforeEach(() => {
  profile = PROFILE;
});

describe('opening hours text', () => {
  it('reads periods, all-day and closed days, and reports bad ones per day', () => {
    const text = {
      mon: '24h',
      tue: '6:00-13:00, 16:00–22:00',
      wed: '',
      thu: 'closed',
      fri: '9-5',
      sat: '22:00-06:00',
      sun: '07:00-21:00',
    };
    const { hours, errors } = parseHours(text);
    expect(hours.mon).toEqual([{ open: '00:00', close: '24:00' }]);
    expect(hours.tue).toEqual([
      { open: '06:00', close: '13:00' },
      { open: '16:00', close: '22:00' },
    ]);
    expect(hours.wed).toBeUndefined();
    expect(hours.thu).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual(['fri', 'sat']);
    expect(formatDay(hours, 'mon')).toBe('Open 24 hours');
    expect(formatDay(hours, 'wed')).toBe('Closed');
    expect(dayInput(hours, 'tue')).toBe('06:00-13:00, 16:00-22:00');
  });
});

/** The station profile screen alone, as the app's `/stations/$slug/profile` route shows it. */
const renderProfile = () =>
  renderScreen(`/stations/${STATION.slug}/profile`, {
    pattern: '/stations/$slug/profile',
    screen: ({ params }) => <StationProfileScreen slug={params.slug ?? ''} />,
  });

/** The profile list alone, as the app's `/station-profiles` route shows it. */
const renderProfileList = () =>
  renderScreen('/station-profiles', {
    pattern: '/station-profiles',
    validateSearch: ZStationProfilesSearch,
    screen: ({ search }) => <ProfileListScreen search={search} />,
  });

describe('the station profile page', () => {
  it('shows hours, amenities and contact', async () => {
    signIn('admin');
    serve();
    renderProfile();
    const view = await screen.findByTestId('profile-view');
    const hours = within(view).getByTestId('profile-hours');
    expect(within(hours).getByText('Open 24 hours')).toBeTruthy();
    expect(within(hours).getByText('06:00–22:00')).toBeTruthy();
    expect(within(hours).getAllByText('Closed')).toHaveLength(5);
    expect(within(view).getByText('Drinking water')).toBeTruthy();
    expect(within(view).getByText('ring@example.in')).toBeTruthy();
  });

  it('lets an admin edit hours and amenities', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user } = renderProfile();
    await screen.findByTestId('profile-view');
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const form = await screen.findByRole('form', { name: 'Edit profile' });
    const wednesday = within(form).getByLabelText('Wednesday');
    await user.type(wednesday, '25:00-26:00');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(within(form).getByText(/HH:MM|Use/)).toBeTruthy();
    expect(callsTo(fetchMock, `/api/stations/${STATION.slug}/profile`, 'PUT')).toHaveLength(0);

    await user.clear(wednesday);
    await user.type(wednesday, '07:00-21:00');
    await user.click(within(form).getByLabelText('Car wash'));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));

    await screen.findByTestId('profile-view');
    const [[, init]] = callsTo(fetchMock, `/api/stations/${STATION.slug}/profile`, 'PUT') as [
      [unknown, RequestInit],
    ];
    const sent = JSON.parse(String(init.body));
    expect(sent.amenities).toEqual(['air', 'water', 'car_wash']);
    expect(sent.hours).toEqual({
      mon: [{ open: '00:00', close: '24:00' }],
      tue: [{ open: '06:00', close: '22:00' }],
      wed: [{ open: '07:00', close: '21:00' }],
    });
    expect(sent.expectedUpdatedAt).toBe(PROFILE.updatedAt);
    await waitFor(() => expect(screen.getByText('07:00–21:00')).toBeTruthy());
    expect(screen.getByText('Car wash')).toBeTruthy();
  });

  it('offers no editing to a member, and says when there is no profile', async () => {
    signIn('member');
    profile = null;
    serve(ME.member);
    renderProfile();
    expect(await screen.findByText('No public profile yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  });

  it('lists profiles at /station-profiles', async () => {
    signIn('admin');
    serve();
    renderProfileList();
    const rows = await screen.findAllByTestId('profile-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Nayara Ring Road' }).getAttribute('href')).toBe(
      `/stations/${STATION.slug}/profile`,
    );
  });
});

import type { TOnboardingStatus, TStation } from '@forecourt/contracts';
import { stripSearchParams } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route as StationListPage } from '../../routes/stations/list.lazy';
import { Route as NewStationPage } from '../../routes/stations/new.lazy';
import { Route as IngestPage } from '../../routes/stations/station/ingest.lazy';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { callsTo, errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { ME, signIn, withMe } from '../../test/session';
import { testStation } from '../../test/stations';
import { STATION_LIST_DEFAULTS, ZStationListSearch } from './search';

const EMPTY_ORG: TOnboardingStatus = {
  stations: 0,
  stationsWithKey: 0,
  stationsReporting: 0,
  people: 0,
  nextStationSlug: null,
  complete: false,
};

function serve(me = ME.admin) {
  let created: TStation | null = null;
  const fetchMock = stubFetch(
    withMe(({ url, method, body }) => {
      if (url.pathname === '/api/onboarding') return jsonResponse(EMPTY_ORG);
      if (url.pathname === '/api/stations' && method === 'POST') {
        const request = body as { name: string; code: string };
        created = testStation({
          slug: 'wakad-junction-pune',
          name: request.name,
          code: request.code.toUpperCase(),
        });
        return jsonResponse(created, 201);
      }
      if (url.pathname === '/api/stations' && method === 'GET')
        return jsonResponse({ count: 0, pages: 0, results: [] });
      if (url.pathname === '/api/stations/wakad-junction-pune' && created) return jsonResponse(created);
      if (url.pathname === '/api/stations/wakad-junction-pune/api-keys' && method === 'GET')
        return jsonResponse({ results: [] });
      if (url.pathname === '/api/stations/wakad-junction-pune/api-keys' && method === 'POST')
        return jsonResponse(
          {
            id: 1,
            stationId: 1,
            name: (body as { name: string }).name,
            prefix: 'fcs_AbCd1234',
            createdAt: '2026-11-25T10:00:00.000Z',
            createdByUserId: 1,
            lastUsedAt: null,
            revokedAt: null,
            secret: 'fcs_AbCd1234_the-whole-secret',
          },
          201,
        );
      return errorResponse(404, 'ROUTE_NOT_FOUND', 'No route');
    }, me),
  );
  return fetchMock;
}

/** The station list, the add-station form and the data-key page: the steps of adding a station, without the rest of the app. */
const PAGES: TScreenPage[] = [
  {
    page: StationListPage,
    validateSearch: ZStationListSearch,
    search: { middlewares: [stripSearchParams(STATION_LIST_DEFAULTS)] },
  },
  { page: NewStationPage },
  { page: IngestPage, layout: StationLayout },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('a new organisation adds its first station', () => {
  it('the empty list offers the first step and the checklist shows what is left', async () => {
    signIn('admin');
    serve();
    const { user, router } = renderPage('/stations');
    const checklist = await screen.findByTestId('setup-checklist');
    expect(within(checklist).getByRole('progressbar', { name: '0 of 4 steps done' })).toBeTruthy();
    const empty = await screen.findByText('No stations yet');
    const section = empty.closest('div')?.parentElement ?? document.body;
    await user.click(within(section).getByRole('link', { name: 'Add a station' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stations/new'));
  });

  it('checks the form with the API schema, sends it, then issues the data key and shows it once', async () => {
    signIn('admin');
    const fetchMock = serve();
    const { user, router } = renderPage('/stations/new');
    const form = await screen.findByRole('form', { name: 'Add a station' });
    // Pasting, not typing key by key: the form has many fields and the runner may be busy.
    const fill = async (label: RegExp, value: string) => {
      const field = within(form).getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(value);
    };
    await fill(/^Name/, 'Wakad Junction');
    await fill(/^Code/, 'wkd-1');
    await user.click(within(form).getByLabelText(/^Fuel brand/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'IOCL' }));
    await fill(/^Address/, 'Mumbai–Bengaluru Highway, Wakad');
    await fill(/^City/, 'Pune');
    await fill(/^State/, 'Maharashtra');
    await fill(/^PIN code/, '411057');
    await fill(/^Latitude/, '51.5');
    await fill(/^Longitude/, '73.7603');
    await fill(/^Make/, 'Midco');
    await user.click(within(form).getByRole('button', { name: 'Add station' }));
    expect(await within(form).findByText(/Enter a coordinate in India/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/stations', 'POST')).toHaveLength(0);

    await fill(/^Latitude/, '18.5987');
    await user.click(within(form).getByRole('button', { name: 'Add station' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stations/wakad-junction-pune/ingest'));
    const [[, init]] = callsTo(fetchMock, '/api/stations', 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'Wakad Junction',
      code: 'wkd-1',
      fuelProvider: 'IOCL',
      pincode: '411057',
      lat: 18.5987,
      lanes: 2,
      dispensers: [
        {
          code: 'DU-01',
          lane: 1,
          make: 'Midco',
          nozzles: [
            { number: 1, side: 'A', fuel: 'petrol' },
            { number: 2, side: 'B', fuel: 'diesel' },
          ],
        },
      ],
    });

    expect(await screen.findByText('The station is added')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Issue a key' }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe('fcs_AbCd1234_the-whole-secret');
  }, 60_000);

  it('a member sees no way to add stations', async () => {
    signIn('member');
    serve(ME.member);
    renderPage('/stations');
    expect(await screen.findByText('No stations yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Add (a )?station/ })).toBeNull();
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });
});

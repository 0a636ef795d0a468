import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route as AssetsPage } from '../../routes/stations/station/assets.lazy';
import { Route as StationLayout } from '../../routes/stations/station/layout.lazy';
import { Route as SchematicPage } from '../../routes/stations/station/schematic.lazy';
import { errorResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderPageAt, type TScreenPage } from '../../test/render-screen';
import { signIn, withMe } from '../../test/session';
import { FUELLING_POINT_STATE_LABELS } from '../assets/labels';
import { ASSET_STATION, EMPTY_SCHEMATIC, SCHEMATIC } from './fixtures';
import { assetKeys } from './queries';
import { layoutSchematic, listFuellingPoints } from './schematic-model';

function serve(schematic = SCHEMATIC) {
  return stubFetch(
    withMe(({ url }) => {
      if (url.pathname === `/api/stations/${ASSET_STATION.slug}`) return jsonResponse(ASSET_STATION);
      if (url.pathname === `/api/stations/${ASSET_STATION.slug}/schematic`) return jsonResponse(schematic);
      return errorResponse(404, 'NOT_FOUND', 'Not found');
    }),
  );
}

/** The schematic and assets pages, each alone in the station layout, as the app shows them. */
const PAGES: TScreenPage[] = [
  { page: SchematicPage, layout: StationLayout },
  { page: AssetsPage, layout: StationLayout },
];
const renderPage = (path: string) => renderPageAt(path, PAGES);

describe('schematic page', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('draws one mark per nozzle in its state, with a title and description, and a legend', async () => {
    serve();
    renderPage(`/stations/${ASSET_STATION.slug}/schematic`);

    const svg = await screen.findByRole('img', { name: /forecourt schematic of ring road, surat/i });
    expect(svg.getAttribute('aria-labelledby')).toBeTruthy();
    const marks = within(svg as unknown as HTMLElement).getAllByTestId('schematic-nozzle');
    expect(marks).toHaveLength(6);
    for (const { nozzle } of listFuellingPoints(SCHEMATIC)) {
      const mark = marks.find((element) => element.getAttribute('data-nozzle-id') === String(nozzle.id));
      expect(mark?.getAttribute('data-state')).toBe(nozzle.state);
      expect(mark?.querySelector('title')?.textContent).toContain(FUELLING_POINT_STATE_LABELS[nozzle.state]);
    }
    // The worst nozzle colours its dispenser; lanes are drawn in order.
    const dispensers = within(svg as unknown as HTMLElement).getAllByTestId('schematic-dispenser');
    // Captions: the reported status where it explains the state, else the state.
    expect(dispensers.map((element) => element.querySelectorAll('text')[1]?.textContent)).toEqual([
      'Fuelling',
      'Fault',
      'Maintenance',
    ]);
    expect(dispensers.map((element) => element.getAttribute('data-state'))).toEqual([
      'fuelling',
      'fault',
      'offline',
    ]);
    expect(
      within(svg as unknown as HTMLElement)
        .getAllByTestId('schematic-lane')
        .map((lane) => lane.getAttribute('data-lane')),
    ).toEqual(['1', '2']);

    // Every point is focusable, with its details in its name (the tooltip shows the same).
    const points = screen.getAllByTestId('schematic-point');
    expect(points).toHaveLength(6);
    expect(
      screen.getByRole('button', { name: /D1 nozzle 1 \(side A\), Petrol: Fuelling\. Last transaction/ }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /D2 nozzle 1 \(side A\), Petrol: Fault\. Last transaction none/ }),
    ).toBeTruthy();

    const legend = screen.getByTestId('schematic-legend');
    for (const label of ['Idle', 'Fuelling', 'Fault', 'Offline', 'Petrol', 'Diesel', 'CNG'])
      expect(within(legend).getByText(label)).toBeTruthy();
    // Counts by state above the drawing.
    expect(screen.getByTestId('state-counts').textContent).toMatch(
      /1\s*idle.*1\s*fuelling.*2\s*fault.*2\s*offline/i,
    );
  });

  it('lists every fuelling point in the companion table', async () => {
    serve();
    renderPage(`/stations/${ASSET_STATION.slug}/schematic`);

    const table = await screen.findByRole('table', { name: 'Fuelling points' });
    const rows = within(table).getAllByTestId('schematic-row');
    expect(rows).toHaveLength(6);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('rowheader', { name: 'D1' })).toBeTruthy();
    expect(within(first).getByText('Petrol')).toBeTruthy();
    expect(within(first).getByText('Fuelling')).toBeTruthy();
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2026-04-01T06:28:00.000Z');
    const cng = rows.filter((row) => within(row).queryByText('CNG'));
    expect(cng).toHaveLength(2);
    for (const row of cng) expect(within(row).getByText('Offline')).toBeTruthy();
  });

  it('says so when the station has no dispensers', async () => {
    serve(EMPTY_SCHEMATIC);
    renderPage(`/stations/${ASSET_STATION.slug}/schematic`);

    expect(await screen.findByText('No dispensers at this station')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /forecourt schematic/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open assets' }).getAttribute('href')).toBe(
      `/stations/${ASSET_STATION.slug}/assets`,
    );
  });

  it('shows a patched cache at once (what a live event does)', async () => {
    serve();
    const { queryClient } = renderPage(`/stations/${ASSET_STATION.slug}/schematic`);
    await screen.findByRole('img', { name: /forecourt schematic/i });

    queryClient.setQueryData(assetKeys.schematic(ASSET_STATION.slug), {
      ...SCHEMATIC,
      lanes: SCHEMATIC.lanes.map((lane) => ({
        ...lane,
        dispensers: lane.dispensers.map((dispenser) => ({
          ...dispenser,
          nozzles: dispenser.nozzles.map((nozzle) =>
            nozzle.id === 102 ? { ...nozzle, state: 'fuelling' as const } : nozzle,
          ),
        })),
      })),
    });
    await waitFor(() =>
      expect(
        document
          .querySelector('[data-testid="schematic-nozzle"][data-nozzle-id="102"]')
          ?.getAttribute('data-state'),
      ).toBe('fuelling'),
    );
  });
});

describe('assets summary page', () => {
  beforeEach(() => {
    signIn('admin');
  });

  it('counts dispensers by status and fuelling points by state from the schematic', async () => {
    serve();
    renderPage(`/stations/${ASSET_STATION.slug}/assets`);

    const dispensers = await screen.findByTestId('assets-dispensers');
    expect(dispensers.textContent).toContain('3');
    expect(within(dispensers).getByText('On 2 lanes')).toBeTruthy();
    expect(within(dispensers).getByText('Maintenance')).toBeTruthy();
    const points = screen.getByTestId('assets-points');
    expect(points.textContent).toMatch(/Fault\s*2/);
    const fuels = screen.getByTestId('assets-fuels');
    expect(fuels.textContent).toMatch(/CNG\s*2/);
    expect(
      screen
        .getAllByRole('link', { name: 'Dispensers' })
        .some((link) => link.getAttribute('href') === `/stations/${ASSET_STATION.slug}/assets/dispensers`),
    ).toBe(true);
    expect(
      screen
        .getAllByRole('link', { name: 'Schematic' })
        .some((link) => link.getAttribute('href') === `/stations/${ASSET_STATION.slug}/schematic`),
    ).toBe(true);
  });
});

describe('schematic layout', () => {
  it('puts side A nozzles above their dispenser and side B below, inside the drawing', () => {
    const layout = layoutSchematic(SCHEMATIC);
    for (const lane of layout.lanes)
      for (const dispenser of lane.dispensers)
        for (const nozzle of dispenser.nozzles) {
          if (nozzle.side === 'A') expect(nozzle.cy).toBeLessThan(dispenser.y);
          else expect(nozzle.cy).toBeGreaterThan(dispenser.y + dispenser.height);
          expect(nozzle.cx).toBeGreaterThan(dispenser.x);
          expect(nozzle.cx).toBeLessThan(dispenser.x + dispenser.width);
          expect(nozzle.cy).toBeLessThan(layout.height);
        }
    expect(layout.roads).toHaveLength(3);
  });
});

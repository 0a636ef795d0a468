import { MAX_LIMIT, type TStation, type TStationList } from '@forecourt/contracts';
import { describe, expect, it, vi } from 'vitest';
import { parseRouterSearch } from '../../lib/query-string';
import type { TStationListParams } from '../stations/search';
import { ZStationListSearch } from '../stations/search';
import { fetchAllStations, MAX_MAP_STATIONS } from './use-map-stations';

function makeStations(count: number): TStation[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    slug: `station-${index + 1}`,
    name: `Station ${index + 1}`,
    code: `S-${index + 1}`,
    fuelProvider: 'IOCL',
    fuels: ['petrol'],
    status: 'operational',
    city: 'Pune',
    state: 'Maharashtra',
    address: '1 Main Road',
    pincode: '411001',
    lat: 18.5,
    lng: 73.8,
    dispenserCount: 2,
    openedOn: '2020-01-01',
  }));
}

/** A server with `total` stations that reports `reportedCount` (capped and approximate when given). */
function fakeServer(total: number, reportedCount?: number) {
  const stations = makeStations(total);
  const count = reportedCount ?? total;
  return vi.fn(async (params: TStationListParams): Promise<TStationList> => {
    const results = stations.slice(params.page * params.limit, (params.page + 1) * params.limit);
    return {
      count,
      pages: Math.ceil(count / params.limit),
      approximate: reportedCount !== undefined || undefined,
      results,
    };
  });
}

describe('loading the whole filtered set for the map', () => {
  it('reads pages of 200 with the list filters until the count is reached', async () => {
    const fetchPage = fakeServer(450);
    const data = await fetchAllStations({ status: ['operational'], q: 'pune' }, undefined, fetchPage);
    expect(data.results).toHaveLength(450);
    expect(data.truncated).toBe(false);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    for (const [params] of fetchPage.mock.calls) {
      expect(params).toMatchObject({ limit: MAX_LIMIT, sort: 'name', q: 'pune', status: ['operational'] });
    }
    expect(fetchPage.mock.calls.map(([params]) => params.page)).toEqual([0, 1, 2]);
  });

  it('asks once for an empty set', async () => {
    const fetchPage = fakeServer(0);
    const data = await fetchAllStations({}, undefined, fetchPage);
    expect(data.results).toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('keeps reading past an approximate count while pages come back full', async () => {
    const fetchPage = fakeServer(650, 400);
    const data = await fetchAllStations({}, undefined, fetchPage);
    expect(data.results).toHaveLength(650);
    expect(data.count).toBe(650);
    expect(data.truncated).toBe(false);
  });

  it('stops at the cap and says so', async () => {
    const fetchPage = fakeServer(MAX_MAP_STATIONS + 500, MAX_MAP_STATIONS);
    const data = await fetchAllStations({}, undefined, fetchPage);
    expect(data.results).toHaveLength(MAX_MAP_STATIONS);
    expect(data.truncated).toBe(true);
  });
});

describe('the view in the address', () => {
  const parse = (search: string) => ZStationListSearch.parse(parseRouterSearch(search));

  it('reads ?view=map and ignores anything else', () => {
    expect(parse('?view=map&status=offline')).toMatchObject({ view: 'map', status: ['offline'] });
    expect(parse('?view=globe').view).toBeUndefined();
    expect(parse('').view).toBeUndefined();
  });
});

import { ZStationListQuery } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { decodeQuery, parseRouterSearch, stringifyRouterSearch } from '../../lib/query-string';
import { STATION_LIST_DEFAULTS, toStationListParams, ZStationListSearch } from './search';

/** What the router does with an address: decode, then validate with the route's schema. */
const parseAddress = (search: string) => ZStationListSearch.parse(parseRouterSearch(search));

describe('station list search params', () => {
  it('defaults to the first page of 50, sorted by name', () => {
    expect(parseAddress('')).toEqual({ ...STATION_LIST_DEFAULTS });
    expect(STATION_LIST_DEFAULTS).toEqual({ page: 0, limit: 50, sort: 'name' });
  });

  it('parses every filter from a readable address', () => {
    const search = parseAddress(
      '?q=%20Pune%20&fuelProvider=IOCL,BPCL&fuels=petrol&fuels=cng&status=operational&sort=-city&page=2&limit=20',
    );
    expect(search).toEqual({
      q: 'Pune',
      fuelProvider: ['IOCL', 'BPCL'],
      fuels: ['petrol', 'cng'],
      status: ['operational'],
      sort: '-city',
      page: 2,
      limit: 20,
    });
  });

  it('falls back to defaults instead of failing on a bad address', () => {
    const search = parseAddress('?page=-3&limit=5000&sort=price&fuels=petrol,kerosene&status=&q=');
    expect(search).toEqual({ page: 0, limit: 50, sort: 'name', fuels: ['petrol'] });
  });

  it('writes arrays as comma lists and leaves out what is unset', () => {
    const address = stringifyRouterSearch({
      q: 'MG Road',
      fuels: ['petrol', 'cng'],
      status: undefined,
      fuelProvider: [],
      sort: '-openedOn',
      page: 1,
    });
    expect(address).toBe('?q=MG%20Road&fuels=petrol,cng&sort=-openedOn&page=1');
  });

  it('round-trips through the address bar', () => {
    const search = parseAddress('?q=a%26b%3Dc&fuelProvider=Jio-bp&status=offline,closed&sort=-status&page=4');
    expect(parseAddress(stringifyRouterSearch(search))).toEqual(search);
  });

  it('sends the API a query string that the contract schema accepts', () => {
    const search = parseAddress(
      '?q=nagar&fuelProvider=Shell,IOCL&fuels=ev&status=degraded&sort=-openedOn&page=3&limit=25',
    );
    const apiQuery = stringifyRouterSearch(toStationListParams(search));
    const parsed = ZStationListQuery.parse(decodeQuery(apiQuery));
    expect(parsed).toEqual({
      q: 'nagar',
      fuelProvider: ['IOCL', 'Shell'],
      fuels: ['ev'],
      status: ['degraded'],
      sort: { field: 'openedOn', direction: 'desc' },
      page: 3,
      limit: 25,
    });
  });

  it('gives equal searches equal API params, whatever the order of the values', () => {
    expect(toStationListParams(parseAddress('?fuels=cng,petrol'))).toEqual(
      toStationListParams(parseAddress('?fuels=petrol,cng')),
    );
  });
});

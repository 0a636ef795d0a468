import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index';
import { ZCursor } from './keyset-page';
import { ZNetworkTransactionPageQuery, ZTransactionPageQuery } from './operations-pages';
import { ZRegistrationParams } from './vehicle-detail';

/** The keyset pages, station aggregates and asset shapes must publish as OpenAPI too. */
const exported = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);
const pages = exported.filter(([name]) => /^Z\w+Page$/.test(name));
const pageQueries = exported.filter(([name]) => /^Z\w+PageQuery$/.test(name));
const aggregates = [
  contracts.ZStationOverview,
  contracts.ZSalesSeries,
  contracts.ZStationMetrics,
  contracts.ZCongestionSummary,
  contracts.ZCommandCentre,
  contracts.ZDispenserRegistry,
  contracts.ZStationSchematic,
  contracts.ZVehicleDetail,
];

describe('operations contracts', () => {
  it('finds the keyset pages and their queries', () => {
    expect(pages.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'ZTransactionPage',
        'ZPaymentPage',
        'ZVehiclePage',
        'ZCustomerPage',
        'ZChallanPage',
      ]),
    );
    expect(pageQueries.length).toBeGreaterThanOrEqual(pages.length);
  });

  it.each(pages)('%s converts as a response', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it.each(pageQueries)('%s converts as a query', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it('converts every aggregate answer', () => {
    for (const schema of aggregates) expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('takes a cursor next to the list state, and station ids on network lists', () => {
    const query = ZNetworkTransactionPageQuery.parse({
      cursor: 'WyItc3RhcnREYXRlIiwxLDJdabcdefgh',
      station: '3,7',
    });
    expect(query).toMatchObject({
      page: 0,
      limit: 40,
      sort: { field: 'startDate', direction: 'desc' },
      station: [3, 7],
    });
    expect(ZTransactionPageQuery.safeParse({ cursor: 'short' }).success).toBe(false);
    expect(ZCursor.safeParse('has+plus/slash=').success).toBe(false);
  });

  it('normalises registrations in paths', () => {
    expect(ZRegistrationParams.parse({ registration: 'mh 12-ab 1234' })).toEqual({
      registration: 'MH12AB1234',
    });
    expect(ZRegistrationParams.safeParse({ registration: "MH12'; drop" }).success).toBe(false);
  });
});

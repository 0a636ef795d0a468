import type { TDispenserRegistry, TStation, TStationSchematic } from '@forecourt/contracts';

/** Test data of the assets screens: one station, its schematic and a registry page. */
export const ASSET_STATION: TStation = {
  id: 7,
  slug: 'ring-road-surat',
  name: 'Ring Road, Surat',
  code: 'SUR-007',
  fuelProvider: 'Nayara',
  fuels: ['petrol', 'diesel', 'cng'],
  status: 'degraded',
  city: 'Surat',
  state: 'Gujarat',
  address: 'Ring Road, near Udhna Darwaja',
  pincode: '395002',
  lat: 21.1702,
  lng: 72.8311,
  dispenserCount: 3,
  openedOn: '2016-11-01',
};

export const SCHEMATIC: TStationSchematic = {
  stationId: 7,
  at: '2026-04-01T06:30:00.000Z',
  lanes: [
    {
      lane: 1,
      dispensers: [
        {
          id: 11,
          code: 'D1',
          status: 'dispensing',
          state: 'fuelling',
          nozzles: [
            {
              id: 101,
              number: 1,
              side: 'A',
              fuel: 'petrol',
              state: 'fuelling',
              lastTransactionAt: '2026-04-01T06:28:00.000Z',
            },
            {
              id: 102,
              number: 2,
              side: 'B',
              fuel: 'diesel',
              state: 'idle',
              lastTransactionAt: '2026-04-01T05:10:00.000Z',
            },
          ],
        },
        {
          id: 12,
          code: 'D2',
          status: 'fault',
          state: 'fault',
          nozzles: [
            { id: 103, number: 1, side: 'A', fuel: 'petrol', state: 'fault', lastTransactionAt: null },
            {
              id: 104,
              number: 2,
              side: 'B',
              fuel: 'diesel',
              state: 'fault',
              lastTransactionAt: '2026-03-30T10:00:00.000Z',
            },
          ],
        },
      ],
    },
    {
      lane: 2,
      dispensers: [
        {
          id: 13,
          code: 'D3',
          status: 'maintenance',
          state: 'offline',
          nozzles: [
            { id: 105, number: 1, side: 'A', fuel: 'cng', state: 'offline', lastTransactionAt: null },
            { id: 106, number: 2, side: 'B', fuel: 'cng', state: 'offline', lastTransactionAt: null },
          ],
        },
      ],
    },
  ],
};

export const EMPTY_SCHEMATIC: TStationSchematic = { stationId: 7, at: SCHEMATIC.at, lanes: [] };

export const REGISTRY: TDispenserRegistry = {
  count: 1,
  pages: 1,
  results: [
    {
      id: 11,
      stationId: 7,
      code: 'D1',
      lane: 1,
      make: 'Tokheim',
      status: 'dispensing',
      installedOn: '2019-04-01',
      faults: 2,
      lastTransactionAt: '2026-04-01T06:28:00.000Z',
      nozzles: [
        {
          id: 101,
          dispenserId: 11,
          number: 1,
          side: 'A',
          fuel: 'petrol',
          status: 'dispensing',
          totalizer: 123456.5,
          lastTransaction: {
            id: 9001,
            startDate: '2026-04-01T06:28:00.000Z',
            quantity: 12.5,
            amountPaise: 128_750,
          },
          health: { transactions: 42, quantity: 860.25, flowRatePerMinute: 31.4 },
        },
        {
          id: 102,
          dispenserId: 11,
          number: 2,
          side: 'B',
          fuel: 'diesel',
          status: 'idle',
          totalizer: 654321,
          lastTransaction: null,
          health: { transactions: 0, quantity: 0, flowRatePerMinute: null },
        },
      ],
    },
  ],
  nextCursor: 'bmV4dC1jdXJzb3I',
};

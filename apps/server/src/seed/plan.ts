import type { TFuelProvider } from '@forecourt/contracts';

/** How much to generate. `tiny` is for tests, `demo` for the dashboard, `bench` for load tests. */
export type ScaleName = 'tiny' | 'demo' | 'bench';

export type Scale = {
  name: ScaleName;
  /** Days of history, the last one being today (IST) up to `now`. */
  days: number;
  /** Stations per organisation plan key. */
  stations: Record<OrgKey, number>;
  /** Average transactions per station per day; the station's log-normal volume spreads it. */
  fillsPerStationDay: number;
  /** Upper bound of reviews per station. */
  reviewsPerStation: number;
};

export const SCALES: Record<ScaleName, Scale> = {
  tiny: {
    name: 'tiny',
    days: 3,
    stations: { dealer: 3, omc: 2, fleet: 1 },
    fillsPerStationDay: 60,
    reviewsPerStation: 4,
  },
  demo: {
    name: 'demo',
    days: 90,
    stations: { dealer: 24, omc: 20, fleet: 4 },
    fillsPerStationDay: 230,
    reviewsPerStation: 30,
  },
  bench: {
    name: 'bench',
    days: 180,
    stations: { dealer: 40, omc: 60, fleet: 6 },
    fillsPerStationDay: 560,
    reviewsPerStation: 40,
  },
};

export type OrgKey = 'dealer' | 'omc' | 'fleet';

export type OrgPlan = {
  key: OrgKey;
  slug: string;
  name: string;
  kind: 'dealer_group' | 'omc_region' | 'fleet_operator';
  isFuelProvider: boolean;
  /** Station code prefix, e.g. SHY-DEL-001. */
  code: string;
  /** Short name used in station names. */
  short: string;
  /** Brands carried, with weights. */
  brands: Partial<Record<TFuelProvider, number>>;
  /** Place keys (see catalog), cycled when more stations are asked for. */
  places: readonly string[];
  program: { slug: string; name: string; pointsPerHundred: number };
  settlement: 'daily' | 'weekly';
  /** E-mail domain for staff and station contacts (reserved .example domains). */
  domain: string;
};

const words = (text: string): readonly string[] => text.split(' ');

/** The three demo organisations. Names are invented; only `fuel_provider` values are real brands. */
export const ORG_PLANS: readonly OrgPlan[] = [
  {
    key: 'dealer',
    slug: 'sahyog-fuels',
    name: 'Sahyog Fuels',
    kind: 'dealer_group',
    isFuelProvider: false,
    code: 'SHY',
    short: 'Sahyog Fuels',
    brands: { IOCL: 45, BPCL: 28, HPCL: 27 },
    places: words(
      'delhi gurugram neemrana noida jaipur lucknow delhi chandigarh kolkata dharuhera delhi gurugram indore mathura noida delhi jaipur lucknow panipat chandigarh kolkata delhi gurugram nagpur',
    ),
    program: { slug: 'sahyog-rewards', name: 'Sahyog Rewards', pointsPerHundred: 1 },
    settlement: 'daily',
    domain: 'sahyog-fuels.example',
  },
  {
    key: 'omc',
    slug: 'sahyadri-retail-region',
    name: 'Sahyadri Retail Region',
    kind: 'omc_region',
    isFuelProvider: true,
    code: 'SRR',
    short: 'Sahyadri',
    brands: { BPCL: 1 },
    places: words(
      'mumbai pune bengaluru khed-shivapur ahmedabad hyderabad chennai mumbai vadodara pune bengaluru hyderabad mumbai belagavi ahmedabad chennai bengaluru pune hyderabad mumbai',
    ),
    program: { slug: 'sahyadri-miles', name: 'Sahyadri Miles', pointsPerHundred: 2 },
    settlement: 'weekly',
    domain: 'sahyadri-retail.example',
  },
  {
    key: 'fleet',
    slug: 'rajpath-roadlines',
    name: 'Rajpath Roadlines',
    kind: 'fleet_operator',
    isFuelProvider: false,
    code: 'RRL',
    short: 'Rajpath',
    brands: { Captive: 1 },
    places: words('nagpur dharuhera krishnagiri vadodara'),
    program: { slug: 'rajpath-fleetpass', name: 'Rajpath FleetPass', pointsPerHundred: 0 },
    settlement: 'weekly',
    domain: 'rajpath-roadlines.example',
  },
];

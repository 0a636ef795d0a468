/** The sign-ins the seed creates, printed by the CLI and on first start. */
export const DEMO_PASSWORD = 'forecourt-demo';

export type DemoAccount = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Slug of the organisation the account belongs to. */
  organization: string;
  role: 'admin' | 'member';
  /** False: the member sees only the stations listed in membership_stations. */
  allStations: boolean;
  description: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@forecourt.demo',
    password: DEMO_PASSWORD,
    firstName: 'Asha',
    lastName: 'Menon',
    organization: 'sahyog-fuels',
    role: 'admin',
    allStations: true,
    description: 'admin of Sahyog Fuels (dealer group), all stations',
  },
  {
    email: 'member@forecourt.demo',
    password: DEMO_PASSWORD,
    firstName: 'Ravi',
    lastName: 'Kulkarni',
    organization: 'sahyog-fuels',
    role: 'member',
    allStations: false,
    description: 'member of Sahyog Fuels with access to 6 stations',
  },
  {
    email: 'admin@other.demo',
    password: DEMO_PASSWORD,
    firstName: 'Farhan',
    lastName: 'Qureshi',
    organization: 'sahyadri-retail-region',
    role: 'admin',
    allStations: true,
    description: 'admin of Sahyadri Retail Region (OMC region)',
  },
];

/** Indexes (within Sahyog Fuels) of the stations the member account may see. */
export const MEMBER_STATION_INDEXES: readonly number[] = [0, 1, 3, 6, 10, 11];

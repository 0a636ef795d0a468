import type { TCustomerKind, TFuel, TPaymentMode, TVehicleClass } from '@forecourt/contracts';
import type { BulkWriter } from './bulk-writer';
import type { Place } from './catalog';
import type { OrgPlan, Scale } from './plan';
import type { PriceTrack } from './prices';
import type { Picker, Random } from './random';
import type { RegistrationSpace } from './registrations';
import type { Ids, Sinks } from './tables';
import type { StationKind } from './traffic';

/** Shared state of one seed run. Models hold what later phases need; rows go straight to the sinks. */
export type SeedContext = {
  rng: Random;
  scale: Scale;
  now: number;
  /** Epoch ms of the start (IST midnight) of the first generated day. */
  firstDay: number;
  writer: BulkWriter;
  sinks: Sinks;
  ids: Ids;
  log: (message: string) => void;
  orgs: OrgModel[];
  stations: StationModel[];
};

export type UserModel = { id: number; name: string; email: string };

export type OrgModel = {
  plan: OrgPlan;
  id: number;
  stations: StationModel[];
  /** Users who act on incidents, requests and settlements (the admin first). */
  staff: UserModel[];
  programId: number;
  registrations: RegistrationSpace;
  customers: CustomerModel[];
  /** Fleet and business customers: the accounts credit sales are booked to. */
  accounts: CustomerModel[];
  /** Next incident number. */
  incidentNumber: number;
};

export type DispenserModel = {
  id: number;
  code: string;
  lane: number;
  make: string;
  status: string;
  /** Out of service since this time (status maintenance/offline), else null. */
  faultSince: number | null;
};

export type NozzleModel = {
  id: number;
  dispenser: DispenserModel;
  number: number;
  side: string;
  fuel: TFuel;
  status: string;
  totalizerMilli: number;
};

export type StationModel = {
  id: number;
  org: OrgModel;
  /** Index within its organisation. */
  index: number;
  slug: string;
  name: string;
  code: string;
  brand: string;
  place: Place;
  locality: string;
  kind: StationKind;
  fuels: TFuel[];
  sells: Set<TFuel>;
  lanes: number;
  status: string;
  /** No fills at or after this time (closed or offline station), else null. */
  stopsAt: number | null;
  /** Expected fills on an ordinary day. */
  volume: number;
  lat: number;
  lng: number;
  dispensers: DispenserModel[];
  nozzles: NozzleModel[];
  nozzlesByFuel: Map<TFuel, NozzleModel[]>;
  hours: Picker<number>;
  classes: Picker<TVehicleClass>;
  payments: Record<TVehicleClass, Picker<TPaymentMode>>;
  /** Attendant (DSM) personnel ids by shift: 0 morning 06–14, 1 evening 14–22, 2 night 22–06. */
  attendants: [number[], number[], number[]];
  managerName: string;
  prices: PriceTrack;
};

/** As in contracts: a person (loyalty member), a fleet account, or a business on credit. */
export type CustomerKind = TCustomerKind;

export type CustomerModel = {
  id: number;
  kind: CustomerKind;
  name: string;
  homeStation: StationModel | null;
  /** Fleet or loyalty card handed to this customer's vehicles (ids), filled by the loyalty phase. */
  cardIds: number[];
};

import type { BulkWriter, TableSink } from './bulk-writer';

/**
 * Column order of every table the seed writes (snake_case, as in the migrations). Fact rows are
 * pushed as arrays in exactly this order; dimension rows as records keyed by these names.
 */
const cols = (names: string): readonly string[] => names.split(' ');

export const COLUMNS = {
  organizations: cols('id slug name kind is_fuel_provider fuel_mask settings created_at updated_at'),
  users: cols(
    'id email password_hash first_name last_name email_verified_at disabled_at created_at updated_at',
  ),
  memberships: cols('id organization_id user_id role scope status all_stations created_at updated_at'),
  membership_stations: cols('membership_id station_id organization_id'),
  stations: cols(
    'id organization_id slug name code fuel_provider fuel_mask status city state address pincode lat lng lanes dispenser_count opened_on created_at updated_at',
  ),
  dispensers: cols('id organization_id station_id code lane make status installed_on created_at updated_at'),
  nozzles: cols(
    'id organization_id station_id dispenser_id number side fuel status totalizer_milli created_at updated_at',
  ),
  fuel_prices: cols('id organization_id station_id fuel effective_on price_paise'),
  customers: cols('id organization_id name kind phone email home_station_id created_at updated_at'),
  personnel: cols(
    'id organization_id station_id name role phone shift status joined_on created_at updated_at',
  ),
  transactions: cols(
    'id organization_id station_id dispenser_id nozzle_id fuel started_at ended_at quantity_milli unit_price_paise amount_paise payment_mode status vehicle_registration vehicle_class customer_id attendant_id',
  ),
  payments: cols(
    'id organization_id station_id transaction_id paid_at mode amount_paise status reference provider',
  ),
  vehicles: cols(
    'id organization_id registration vehicle_class fuel customer_id first_seen_at last_seen_at is_watchlisted created_at updated_at',
  ),
  vehicle_sightings: cols(
    'id organization_id station_id registration vehicle_class seen_at lane confidence dwell_seconds transaction_id',
  ),
  challans: cols(
    'id organization_id station_id challan_no registration challan_time place state_code department offences fine_paise status paid_at court',
  ),
  incidents: cols(
    'id organization_id station_id dispenser_id number group type severity status title description assignee_user_id opened_at acknowledged_at resolved_at closed_at sla_due_at created_at updated_at',
  ),
  incident_events: cols('id organization_id incident_id at actor_user_id kind data'),
  loyalty_programs: cols('id organization_id slug name points_per_hundred created_at updated_at'),
  loyalty_transactions: cols(
    'id organization_id program_id station_id customer_id card_id transaction_id kind points amount_paise status is_test created_at',
  ),
  settlements: cols(
    'id organization_id program_id station_id period_start period_end transaction_count gross_paise fee_paise net_paise status utr settled_at created_at updated_at',
  ),
  cards: cols(
    'id organization_id program_id customer_id kind last4 vehicle_registration status daily_limit_paise monthly_limit_paise balance_paise is_test issued_at expires_at created_at updated_at',
  ),
  card_activation_requests: cols(
    'id organization_id card_id requested_by note status reason decided_at decided_by_user_id created_at updated_at',
  ),
  station_access_requests: cols(
    'id organization_id station_id user_id message status reason decided_at decided_by_user_id created_at updated_at',
  ),
  station_profiles: cols(
    'id organization_id station_id display_name description amenities hours photos phone email is_published created_at updated_at',
  ),
  station_reviews: cols(
    'id organization_id station_id author_name rating title body reply replied_at created_at updated_at',
  ),
  congestion_samples: cols('id organization_id station_id lane sampled_at queue_length wait_seconds'),
  sales_hourly: cols(
    'organization_id station_id bucket fuel payment_mode transaction_count quantity_milli amount_paise',
  ),
};

export type TableName = keyof typeof COLUMNS;
export type Sinks = Record<TableName, TableSink>;

/** One sink per table, in foreign-key order (parents first). */
export function createSinks(writer: BulkWriter): Sinks {
  const sinks = {} as Sinks;
  for (const table of Object.keys(COLUMNS) as TableName[]) sinks[table] = writer.sink(table, COLUMNS[table]);
  return sinks;
}

/** Tables with an integer identity `id` (their sequences are moved past the seeded ids on PostgreSQL). */
export const ID_TABLES = (Object.keys(COLUMNS) as TableName[]).filter((t) => COLUMNS[t].includes('id'));

/** Monotonic id counters per table; ids are assigned by the seed so rows can reference each other. */
export class Ids {
  private readonly last = new Map<string, number>();

  next(table: TableName): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }
}

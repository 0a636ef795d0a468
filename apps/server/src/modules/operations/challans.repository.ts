import type { TChallanStatus } from '@forecourt/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ChallansTable } from '../../db/schema';
import { registrationRange, type SortColumn } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { scopePredicate } from '../../lib/scope/scope.repository';

export type ChallanRow = Selectable<ChallansTable>;

/**
 * `challanTime` uses `(station_id | organization_id, challan_time, id)`. Challans are few (a few per
 * cent of vehicles) and the window is at most 60 days, so sorting by fine reads little.
 */
export const CHALLAN_SORT_COLUMNS: Record<'challanTime' | 'finePaise', SortColumn<ChallanRow>> = {
  challanTime: { column: 'challans.challan_time', kind: 'number', value: (row) => row.challanTime },
  finePaise: { column: 'challans.fine_paise', kind: 'number', value: (row) => row.finePaise },
};

export function challansQuery(
  db: Db,
  scope: Scope,
  filters: {
    startMs: number;
    endMs: number;
    status?: TChallanStatus[];
    registration?: string;
    stateCode?: string[];
  },
) {
  let query = db
    .selectFrom('challans')
    .selectAll('challans')
    .where(scopePredicate('challans', scope))
    .where('challans.challanTime', '>=', filters.startMs)
    .where('challans.challanTime', '<', filters.endMs);
  if (filters.status?.length) query = query.where('challans.status', 'in', filters.status);
  if (filters.stateCode?.length) query = query.where('challans.stateCode', 'in', filters.stateCode);
  const range = filters.registration ? registrationRange(filters.registration) : null;
  if (range) {
    query = query
      .where('challans.registration', '>=', range.from)
      .where('challans.registration', '<', range.to);
  }
  return query;
}

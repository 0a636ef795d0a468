import type {
  TChallan,
  TChallanOffence,
  TChallanPage,
  TChallanStatus,
  TNetworkChallanPageQuery,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isoTime as iso } from '../../lib/iso-time';
import { keysetOrder, listPage } from '../../lib/paging/list-page';
import type { Scope } from '../../lib/scope/scope';
import { resolveRequestWindow } from '../../lib/windows/request-window';
import { CHALLAN_SORT_COLUMNS, type ChallanRow, challansQuery } from './challans.repository';

/** Offences are stored as a JSON array of `{act, name}` (the seed adds each offence's fine; not shown). */
function offences(text: string): TChallanOffence[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((item: { act?: unknown; name?: unknown }) => ({
      act: String(item.act ?? ''),
      name: String(item.name ?? ''),
    }));
  } catch {
    return [];
  }
}

export function presentChallan(row: ChallanRow): TChallan {
  return {
    id: row.id,
    stationId: row.stationId,
    challanNo: row.challanNo,
    registration: row.registration,
    challanTime: iso(row.challanTime),
    place: row.place,
    stateCode: row.stateCode,
    department: row.department,
    offences: offences(row.offences),
    finePaise: row.finePaise,
    status: row.status as TChallanStatus,
    paidAt: row.paidAt === null ? null : iso(row.paidAt),
    court: row.court,
  };
}

/** A page of challans in the window (screen `challans`: 30 days by default, at most 60). */
export async function listChallans(
  db: Db,
  scope: Scope,
  query: TNetworkChallanPageQuery,
  now: number,
): Promise<TChallanPage> {
  const { window, startMs, endMs } = resolveRequestWindow('challans', query, now);
  const rows = challansQuery(db, scope, {
    startMs,
    endMs,
    ...(query.status ? { status: query.status } : {}),
    ...(query.registration ? { registration: query.registration } : {}),
    ...(query.stateCode ? { stateCode: query.stateCode } : {}),
  });
  const order = keysetOrder(query.sort, CHALLAN_SORT_COLUMNS, 'challans.id');
  return listPage(db, rows, order, query, presentChallan, window);
}

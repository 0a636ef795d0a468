import {
  IST_OFFSET_MS,
  type TNetworkPersonnelPageQuery,
  type TPersonnelCreate,
  type TPersonnelDetail,
  type TPersonnelPage,
  type TPersonnelPageQuery,
  type TPersonnelStatus,
  type TPersonnelUpdate,
  ZPersonnelCreate,
  ZPersonnelUpdate,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import { keysetOrder, listPage } from '../../lib/paging/list-page';
import { callerSeesStation, networkScope, type Scope, stationScope } from '../../lib/scope/scope';
import { auditTrail, changedFields, recordAudit } from '../audit/audit';
import { presentPersonnel } from './personnel.presenter';
import {
  findPersonnel,
  insertPersonnel,
  PERSONNEL_SORT_COLUMNS,
  type PersonnelRow,
  personnelQuery,
  updatePersonnel,
} from './personnel.repository';

/** What the personnel module needs: the database and the clock. */
export type PersonnelDeps = { db: Db; now: () => number };

/** The audit trail's record kind (`personnel:12`). */
export const PERSONNEL_KIND = 'personnel';

function page(db: Db, scope: Scope, query: TPersonnelPageQuery): Promise<TPersonnelPage> {
  const rows = personnelQuery(db, scope, query);
  const order = keysetOrder(query.sort, PERSONNEL_SORT_COLUMNS, 'personnel.id');
  return listPage(db, rows, order, query, presentPersonnel);
}

/** A station's personnel (404 for a station the caller does not see), oldest record first. */
export async function listStationPersonnel(
  db: Db,
  caller: Caller,
  slug: string,
  query: TPersonnelPageQuery,
): Promise<TPersonnelPage> {
  const { scope } = await stationScope(db, caller, slug);
  return page(db, scope, query);
}

/** Personnel of every station the caller sees (or of `station` among them). */
export async function listNetworkPersonnel(
  db: Db,
  caller: Caller,
  query: TNetworkPersonnelPageQuery,
): Promise<TPersonnelPage> {
  const scope = await networkScope(db, caller, query.station);
  return page(db, scope, query);
}

/** One row the caller may see: their organisation's, at a station they see; else 404. */
async function visiblePersonnel(db: Db, caller: Caller, id: number): Promise<PersonnelRow> {
  const row = await findPersonnel(db, caller.organizationId, id);
  if (!row || !callerSeesStation(caller, row.stationId)) throw notFound('Personnel');
  return row;
}

export async function getPersonnelDetail(db: Db, caller: Caller, id: number): Promise<TPersonnelDetail> {
  const row = await visiblePersonnel(db, caller, id);
  const audit = await auditTrail(db, caller.organizationId, PERSONNEL_KIND, id);
  return { ...presentPersonnel(row), audit };
}

/** Today's date in IST, `YYYY-MM-DD`. */
const istToday = (at: number) => new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Adds someone to a station's staff (404 for a station the caller does not see). */
export async function createPersonnel(
  deps: PersonnelDeps,
  caller: Caller,
  slug: string,
  input: TPersonnelCreate,
): Promise<TPersonnelDetail> {
  const body = ZPersonnelCreate.parse(input);
  const { db } = deps;
  const { station } = await stationScope(db, caller, slug);
  const at = deps.now();
  const values = {
    name: body.name,
    role: body.role,
    phone: body.phone,
    shift: body.shift,
    status: body.status ?? 'active',
    joinedOn: body.joinedOn ?? istToday(at),
  };
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertPersonnel(trx, {
      organizationId: caller.organizationId,
      stationId: station.id,
      ...values,
      createdAt: at,
      updatedAt: at,
    });
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'personnel.created',
      kind: PERSONNEL_KIND,
      id: created,
      data: { stationId: station.id, ...values },
      at,
    });
    return created;
  });
  return getPersonnelDetail(db, caller, id);
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Changes a row in a transaction: `apply` gets the current row and returns the new values and the
 * audit action (null: nothing to change). A concurrent change of the same row is a 409.
 */
async function change(
  deps: PersonnelDeps,
  caller: Caller,
  id: number,
  apply: (row: PersonnelRow) => { values: Partial<Omit<PersonnelRow, 'id'>>; action: string } | null,
): Promise<TPersonnelDetail> {
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await visiblePersonnel(trx, caller, id);
    const next = apply(row);
    if (!next) return;
    const changes = changedFields(row as unknown as Record<string, unknown>, next.values);
    if (Object.keys(changes).length === 0) return;
    const values = Object.fromEntries(Object.keys(changes).map((field) => [field, changes[field]?.to]));
    if (
      !(await updatePersonnel(trx, id, row.updatedAt, {
        ...values,
        updatedAt: Math.max(at, row.updatedAt + 1),
      }))
    ) {
      throw conflict('The record changed meanwhile; reload it and try again');
    }
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: next.action,
      kind: PERSONNEL_KIND,
      id,
      data: next.action === 'personnel.updated' ? { changes } : { from: row.status, to: values.status },
      at,
    });
  });
  return getPersonnelDetail(deps.db, caller, id);
}

/** Edits name, role, phone, shift, status or joining date (audited as `{changes}`). */
export function updatePersonnelRecord(
  deps: PersonnelDeps,
  caller: Caller,
  id: number,
  input: TPersonnelUpdate,
): Promise<TPersonnelDetail> {
  const patch = ZPersonnelUpdate.parse(input);
  return change(deps, caller, id, () => ({ values: patch, action: 'personnel.updated' }));
}

/** Deactivates (`inactive`) or reactivates (`active`); 409 when it is in that state already. */
export function setPersonnelActive(
  deps: PersonnelDeps,
  caller: Caller,
  id: number,
  active: boolean,
): Promise<TPersonnelDetail> {
  const to: TPersonnelStatus = active ? 'active' : 'inactive';
  return change(deps, caller, id, (row) => {
    if (active ? row.status !== 'inactive' : row.status === 'inactive') {
      throw conflict(active ? 'Only an inactive person can be reactivated' : 'Already inactive');
    }
    return { values: { status: to }, action: active ? 'personnel.reactivated' : 'personnel.deactivated' };
  });
}

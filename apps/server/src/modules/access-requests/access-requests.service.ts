import {
  type TRequestableStations,
  type TRequestDecision,
  type TStationAccessRequestCreate,
  type TStationAccessRequestDetail,
  type TStationAccessRequestPage,
  type TStationAccessRequestPageQuery,
  ZStationAccessRequestCreate,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import type { DomainEvent } from '../../lib/domain-events';
import { keysetOrder, listPage } from '../../lib/paging/list-page';
import { auditTrail, recordAudit } from '../audit/audit';
import { forgetUserState } from '../auth/forget-user-state';
import type { AccessRequestsDeps } from './access-requests.deps';
import { presentAccessRequest } from './access-requests.presenter';
import {
  ACCESS_REQUEST_SORT_COLUMNS,
  type AccessRequestRow,
  accessRequestsQuery,
  findAccessRequest,
  grantStation,
  insertAccessRequest,
  membershipAccess,
  organizationStations,
  pendingRequestFor,
  pendingStationIds,
  stationOfOrganization,
  updatePendingRequest,
} from './access-requests.repository';

/** The audit trail's record kind of a request (`access_request:12`). */
export const ACCESS_REQUEST_KIND = 'access_request';

/**
 * Who decides requests (and so sees every request of the organisation): holders of `members:u`,
 * the grant that manages members' stations (admins). Everyone else sees only their own.
 */
export const DECIDE_GRANT = 'members:u' as const;
export const canDecide = (caller: Caller) => caller.grants.has(DECIDE_GRANT);

/** A page of requests: every request for deciders, the caller's own for everyone else. */
export function listAccessRequests(
  db: Db,
  caller: Caller,
  query: TStationAccessRequestPageQuery,
): Promise<TStationAccessRequestPage> {
  let rows = accessRequestsQuery(db, caller.organizationId);
  if (!canDecide(caller)) rows = rows.where('stationAccessRequests.userId', '=', caller.userId);
  if (query.status?.length) rows = rows.where('stationAccessRequests.status', 'in', query.status);
  if (query.station?.length) rows = rows.where('stationAccessRequests.stationId', 'in', query.station);
  const order = keysetOrder(query.sort, ACCESS_REQUEST_SORT_COLUMNS, 'station_access_requests.id');
  return listPage(db, rows, order, query, presentAccessRequest);
}

/** One request the caller may see (a decider: any of the organisation; else their own), else 404. */
async function visibleRequest(db: Db, caller: Caller, id: number): Promise<AccessRequestRow> {
  const row = await findAccessRequest(db, caller.organizationId, id);
  if (!row || (!canDecide(caller) && row.userId !== caller.userId)) throw notFound('Access request');
  return row;
}

export async function getAccessRequestDetail(
  db: Db,
  caller: Caller,
  id: number,
): Promise<TStationAccessRequestDetail> {
  const row = await visibleRequest(db, caller, id);
  const audit = await auditTrail(db, caller.organizationId, ACCESS_REQUEST_KIND, id);
  return { ...presentAccessRequest(row), audit };
}

const alreadyHasAccess = (message: string) => new AppError('ALREADY_HAS_ACCESS', message);

/** The stations of the organisation the caller does not see, with their pending requests marked. */
export async function requestableStations(db: Db, caller: Caller): Promise<TRequestableStations> {
  const membership = await membershipAccess(db, caller.organizationId, caller.userId);
  if (!membership || membership.role === 'admin' || membership.allStations) return { results: [] };
  const [stations, pending] = await Promise.all([
    organizationStations(db, caller.organizationId),
    pendingStationIds(db, caller.organizationId, caller.userId),
  ]);
  const granted = new Set(membership.stationIds);
  return {
    results: stations
      .filter((station) => !granted.has(station.id))
      .map((station) => ({ ...station, pending: pending.has(station.id) })),
  };
}

/**
 * A member asks for a station of their organisation they cannot see: 404 for a station that is not
 * the organisation's, 409 ALREADY_HAS_ACCESS when they see it already (admins and members with
 * every station see all), 409 REQUEST_PENDING when they asked already. Publishes
 * `access_request.created`.
 */
export async function createAccessRequest(
  deps: AccessRequestsDeps,
  caller: Caller,
  input: TStationAccessRequestCreate,
): Promise<TStationAccessRequestDetail> {
  const body = ZStationAccessRequestCreate.parse(input);
  const { db } = deps;
  const at = deps.now();
  const station = await stationOfOrganization(db, caller.organizationId, body.stationId);
  if (!station) throw notFound('Station');
  const id = await db.transaction().execute(async (trx) => {
    const membership = await membershipAccess(trx, caller.organizationId, caller.userId);
    if (!membership) throw notFound('Membership');
    if (membership.role === 'admin' || membership.allStations) {
      throw alreadyHasAccess('You already see every station of the organisation');
    }
    if (membership.stationIds.includes(station.id)) {
      throw alreadyHasAccess(`You already have access to ${station.name}`);
    }
    if (await pendingRequestFor(trx, caller.organizationId, caller.userId, station.id)) {
      throw new AppError('REQUEST_PENDING', `You already asked for ${station.name}; wait for an admin`);
    }
    const created = await insertAccessRequest(trx, {
      organizationId: caller.organizationId,
      stationId: station.id,
      userId: caller.userId,
      message: body.message ? body.message : null,
      status: 'pending',
      reason: null,
      decidedAt: null,
      decidedByUserId: null,
      createdAt: at,
      updatedAt: at,
    });
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'access_request.created',
      kind: ACCESS_REQUEST_KIND,
      id: created,
      data: { stationId: station.id, stationName: station.name, message: body.message ?? null },
      at,
    });
    return created;
  });
  const detail = await getAccessRequestDetail(db, caller, id);
  deps.events.publish({
    type: 'access_request.created',
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    at,
    requestId: id,
    stationId: station.id,
    stationName: station.name,
    requesterUserId: caller.userId,
    requesterName: detail.requesterName,
  });
  return detail;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * An admin approves or rejects a pending request (409 CONFLICT when it is not pending). Approval
 * adds the station to the requester's membership in the same transaction, and the requester's
 * cached access is dropped so their next request sees the station (no new token needed: the
 * station list is read per request, see modules/auth/user-state.ts). Publishes
 * `access_request.decided`.
 */
export async function decideAccessRequest(
  deps: AccessRequestsDeps,
  caller: Caller,
  id: number,
  decision: TRequestDecision,
): Promise<TStationAccessRequestDetail> {
  const { db } = deps;
  const at = deps.now();
  const reason = decision.reason?.trim() ? decision.reason.trim() : null;
  const row = await db.transaction().execute(async (trx) => {
    const request = await findAccessRequest(trx, caller.organizationId, id);
    if (!request) throw notFound('Access request');
    if (request.status !== 'pending') throw conflict(`The request is already ${request.status}`);
    if (decision.status === 'approved') {
      const membership = await membershipAccess(trx, caller.organizationId, request.userId);
      if (!membership || membership.disabledAt !== null || membership.status !== 'active') {
        throw conflict('The requester is no longer an active member; reject the request instead');
      }
      if (membership.role !== 'admin' && !membership.allStations) {
        const added = await grantStation(
          trx,
          { id: membership.id, organizationId: caller.organizationId },
          request.stationId,
          at,
        );
        if (added) {
          await recordAudit(trx, {
            organizationId: caller.organizationId,
            actorUserId: caller.userId,
            action: 'member.station_granted',
            kind: 'membership',
            id: membership.id,
            data: { stationId: request.stationId, accessRequestId: id },
            at,
          });
        }
      }
    }
    const changed = await updatePendingRequest(trx, id, {
      status: decision.status,
      reason,
      decidedAt: at,
      decidedByUserId: caller.userId,
      updatedAt: at,
    });
    if (!changed) throw conflict('The request changed meanwhile; reload it');
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: `access_request.${decision.status}`,
      kind: ACCESS_REQUEST_KIND,
      id,
      data: { from: 'pending', to: decision.status, ...(reason ? { reason } : {}) },
      at,
    });
    return request;
  });
  if (decision.status === 'approved') forgetUserState(db, row.userId);
  const event: DomainEvent = {
    type: 'access_request.decided',
    organizationId: caller.organizationId,
    actorUserId: caller.userId,
    at,
    requestId: id,
    stationId: row.stationId,
    stationName: row.stationName,
    requesterUserId: row.userId,
    decision: decision.status,
    reason,
  };
  deps.events.publish(event);
  return getAccessRequestDetail(db, caller, id);
}

/** The requester withdraws their pending request (404 for someone else's, 409 once decided). */
export async function cancelAccessRequest(
  deps: AccessRequestsDeps,
  caller: Caller,
  id: number,
): Promise<TStationAccessRequestDetail> {
  const { db } = deps;
  const at = deps.now();
  await db.transaction().execute(async (trx) => {
    const request = await findAccessRequest(trx, caller.organizationId, id);
    if (!request || request.userId !== caller.userId) throw notFound('Access request');
    if (request.status !== 'pending') throw conflict(`The request is already ${request.status}`);
    if (!(await updatePendingRequest(trx, id, { status: 'cancelled', updatedAt: at }))) {
      throw conflict('The request changed meanwhile; reload it');
    }
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'access_request.cancelled',
      kind: ACCESS_REQUEST_KIND,
      id,
      data: { from: 'pending', to: 'cancelled' },
      at,
    });
  });
  return getAccessRequestDetail(db, caller, id);
}

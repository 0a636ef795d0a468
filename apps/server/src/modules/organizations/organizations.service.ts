import {
  fuelMask,
  type TOrganizationDetail,
  type TOrganizationList,
  type TOrganizationListQuery,
  type TOrganizationUpdate,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { Caller } from '../../http/caller';
import { notFound } from '../../lib/app-error';
import { auditTrail, changedFields, recordAudit } from '../audit/audit';
import { presentOrganization } from './organizations.presenter';
import {
  findOrganization,
  listOrganizations,
  organizationCounts,
  updateOrganization,
} from './organizations.repository';

/** The audit kind of an organisation (`organization:<id>`, as organisation signup writes it). */
export const ORGANIZATION_AUDIT_KIND = 'organization';

export type OrganizationsDeps = { db: Db; now: () => number };

export async function getOrganizations(
  db: Db,
  caller: Caller,
  query: TOrganizationListQuery,
): Promise<TOrganizationList> {
  const { rows, count, approximate } = await listOrganizations(db, caller.userId, query);
  return {
    count,
    pages: pageCount(count, query.limit),
    ...(approximate ? { approximate: true } : {}),
    results: rows.map(presentOrganization),
  };
}

/** The organisation the caller's session is in, with counts and its audit trail. */
export async function getCurrentOrganization(db: Db, caller: Caller): Promise<TOrganizationDetail> {
  const row = await findOrganization(db, caller.organizationId);
  if (!row) throw notFound('Organisation');
  const [counts, audit] = await Promise.all([
    organizationCounts(db, row.id),
    auditTrail(db, row.id, ORGANIZATION_AUDIT_KIND, row.id),
  ]);
  return {
    ...presentOrganization(row),
    stationCount: counts.stations,
    memberCount: counts.members,
    audit,
  };
}

/** Renames the organisation and/or sets its fuels (admins); audited with the changed fields. */
export async function patchCurrentOrganization(
  deps: OrganizationsDeps,
  caller: Caller,
  body: TOrganizationUpdate,
): Promise<TOrganizationDetail> {
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await findOrganization(trx, caller.organizationId);
    if (!row) throw notFound('Organisation');
    const previous = presentOrganization(row);
    const next = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      // Stored as a bit mask, so compare in the canonical order.
      ...(body.fuels !== undefined
        ? { fuels: presentOrganization({ ...row, fuelMask: fuelMask(body.fuels) }).fuels }
        : {}),
    };
    const changes = changedFields(previous as unknown as Record<string, unknown>, next);
    if (Object.keys(changes).length === 0) return;
    await updateOrganization(trx, row.id, {
      ...(next.name !== undefined ? { name: next.name } : {}),
      ...(next.fuels !== undefined ? { fuelMask: fuelMask(next.fuels) } : {}),
      updatedAt: at,
    });
    await recordAudit(trx, {
      organizationId: row.id,
      actorUserId: caller.userId,
      action: 'organization.updated',
      kind: ORGANIZATION_AUDIT_KIND,
      id: row.id,
      data: { changes },
      at,
    });
  });
  return getCurrentOrganization(deps.db, caller);
}

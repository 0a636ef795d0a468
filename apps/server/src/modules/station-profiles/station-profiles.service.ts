import type {
  TStationProfileDetail,
  TStationProfileList,
  TStationProfileListQuery,
  ZStationProfileUpdate,
} from '@forecourt/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageCount } from '../../db/paging';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import { stationScope } from '../../lib/scope/scope';
import { auditTrail, changedFields, recordAudit } from '../audit/audit';
import { presentStationProfile } from './station-profiles.presenter';
import {
  findStationProfile,
  insertStationProfile,
  listStationProfiles,
  updateStationProfile,
} from './station-profiles.repository';

/** The audit kind of a profile (`station_profile:<id>`). */
export const PROFILE_AUDIT_KIND = 'station_profile';

export type StationProfilesDeps = {
  db: Db;
  now: () => number;
  /** Where `{address}` links of photos and descriptions point (FILES_HOST; lib/file-links.ts). */
  filesHost: string;
};

export async function listProfiles(
  db: Db,
  caller: Caller,
  query: TStationProfileListQuery,
  filesHost: string,
): Promise<TStationProfileList> {
  const { rows, count, approximate } = await listStationProfiles(db, caller, query);
  return {
    count,
    pages: pageCount(count, query.limit),
    ...(approximate ? { approximate: true } : {}),
    results: rows.map((row) => presentStationProfile(row, filesHost)),
  };
}

/** The profile of a station the caller sees, with its audit trail; 404 for a station without one. */
export async function getProfile(
  db: Db,
  caller: Caller,
  slug: string,
  filesHost: string,
): Promise<TStationProfileDetail> {
  const { station } = await stationScope(db, caller, slug);
  const row = await findStationProfile(db, station.id);
  if (!row) throw notFound('Station profile');
  const audit = await auditTrail(db, caller.organizationId, PROFILE_AUDIT_KIND, row.id);
  return { ...presentStationProfile(row, filesHost), audit };
}

type ProfileBody = z.output<typeof ZStationProfileUpdate>;

/**
 * Replaces the station's profile (creates it when there is none). An `expectedUpdatedAt` other
 * than the stored one, or a concurrent edit, is a 409. Audited with the changed fields.
 */
export async function putProfile(
  deps: StationProfilesDeps,
  caller: Caller,
  slug: string,
  body: ProfileBody,
): Promise<TStationProfileDetail> {
  const { station } = await stationScope(deps.db, caller, slug);
  const at = deps.now();
  const { expectedUpdatedAt, ...fields } = body;
  const columns = {
    displayName: fields.displayName,
    description: fields.description,
    amenities: JSON.stringify(fields.amenities),
    hours: JSON.stringify(fields.hours),
    photos: JSON.stringify(fields.photos),
    phone: fields.phone,
    email: fields.email,
    isPublished: fields.isPublished ? 1 : 0,
    updatedAt: at,
  };
  await deps.db.transaction().execute(async (trx) => {
    const existing = await findStationProfile(trx, station.id);
    if (!existing) {
      const id = await insertStationProfile(trx, {
        ...columns,
        organizationId: caller.organizationId,
        stationId: station.id,
        createdAt: at,
      });
      await recordAudit(trx, {
        organizationId: caller.organizationId,
        actorUserId: caller.userId,
        action: 'station_profile.created',
        kind: PROFILE_AUDIT_KIND,
        id,
        data: { displayName: fields.displayName },
        at,
      });
      return;
    }
    const conflict = () =>
      new AppError('CONFLICT', 'Someone else changed this profile since you opened it; reload to see it');
    if (expectedUpdatedAt !== undefined && Date.parse(expectedUpdatedAt) !== existing.updatedAt)
      throw conflict();
    // As stored: an edit sends `{address}` links back as they were written.
    const previous = presentStationProfile(existing, null);
    const changes = changedFields(previous as unknown as Record<string, unknown>, fields);
    if (Object.keys(changes).length === 0) return;
    if (!(await updateStationProfile(trx, existing.id, existing.updatedAt, columns))) throw conflict();
    await recordAudit(trx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'station_profile.updated',
      kind: PROFILE_AUDIT_KIND,
      id: existing.id,
      data: { changes },
      at,
    });
  });
  return getProfile(deps.db, caller, slug, deps.filesHost);
}

import type { TRequestStatus, TStationAccessRequestItem } from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';
import { personName } from '../../lib/person-name';
import type { AccessRequestRow } from './access-requests.repository';

/** A stored request → its list shape. */
export function presentAccessRequest(row: AccessRequestRow): TStationAccessRequestItem {
  return {
    id: row.id,
    stationId: row.stationId,
    userId: row.userId,
    message: row.message,
    status: row.status as TRequestStatus,
    reason: row.reason,
    decidedAt: row.decidedAt === null ? null : isoTime(row.decidedAt),
    decidedByUserId: row.decidedByUserId,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    stationName: row.stationName,
    stationSlug: row.stationSlug,
    requesterName: personName(row.requesterFirstName, row.requesterLastName) || row.requesterEmail,
    requesterEmail: row.requesterEmail,
    decidedByName:
      row.decidedByUserId === null ? null : personName(row.deciderFirstName, row.deciderLastName),
  };
}

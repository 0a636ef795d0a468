import type { TPersonnelItem, TPersonnelRole, TPersonnelStatus, TShift } from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';
import type { PersonnelRow } from './personnel.repository';

export function presentPersonnel(row: PersonnelRow): TPersonnelItem {
  return {
    id: row.id,
    stationId: row.stationId,
    stationName: row.stationName,
    stationSlug: row.stationSlug,
    name: row.name,
    role: row.role as TPersonnelRole,
    phone: row.phone,
    shift: row.shift as TShift,
    status: row.status as TPersonnelStatus,
    joinedOn: row.joinedOn,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

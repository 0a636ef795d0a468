import { fuelsFromMask, type TOrganization, ZOrganizationKind } from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';
import type { OrganizationRow } from './organizations.repository';

export function presentOrganization(row: OrganizationRow): TOrganization {
  const kind = ZOrganizationKind.safeParse(row.kind);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: kind.success ? kind.data : 'dealer_group',
    isFuelProvider: row.isFuelProvider === 1,
    fuels: fuelsFromMask(row.fuelMask),
    createdAt: isoTime(row.createdAt),
  };
}

import {
  INCIDENT_GROUPS,
  INCIDENT_SEVERITIES,
  INCIDENT_SORTS,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
} from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchCursor, zSearchEnumList, zSearchSort } from '../../lib/search-params';

/** Address-bar state of /incidents: filters, sort and the keyset cursor. */
export const ZIncidentsSearch = z.object({
  cursor: zSearchCursor,
  sort: zSearchSort(INCIDENT_SORTS),
  station: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw) => {
      if (raw === undefined) return undefined;
      const ids = (Array.isArray(raw) ? raw : [raw])
        .flatMap((part) => String(part).split(','))
        .filter((part) => /^\d+$/.test(part.trim()))
        .map((part) => part.trim());
      return ids.length ? [...new Set(ids)] : undefined;
    })
    .catch(undefined),
  group: zSearchEnumList(INCIDENT_GROUPS),
  status: zSearchEnumList(INCIDENT_STATUSES),
  type: zSearchEnumList(INCIDENT_TYPES),
  severity: zSearchEnumList(INCIDENT_SEVERITIES),
});
export type TIncidentsSearch = z.output<typeof ZIncidentsSearch>;

export const INCIDENT_FILTER_KEYS = ['station', 'group', 'status', 'type', 'severity'] as const;

import {
  INCIDENT_GROUPS,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  type TStation,
} from '@forecourt/contracts';
import type { TFilterField } from '../../components/filter-bar';
import {
  INCIDENT_GROUP_LABELS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
} from './labels';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The filters of /incidents: station, group, status, type and severity. */
export function incidentFilters(stations: readonly Pick<TStation, 'id' | 'name'>[]): TFilterField[] {
  return [
    {
      kind: 'multi',
      key: 'station',
      label: 'Station',
      placeholder: 'Any station',
      options: stations.map((station) => ({ value: String(station.id), label: station.name })),
    },
    {
      kind: 'multi',
      key: 'group',
      label: 'Group',
      placeholder: 'Any group',
      options: options(INCIDENT_GROUPS, INCIDENT_GROUP_LABELS),
    },
    {
      kind: 'multi',
      key: 'status',
      label: 'Status',
      placeholder: 'Any status',
      options: options(INCIDENT_STATUSES, INCIDENT_STATUS_LABELS),
    },
    {
      kind: 'multi',
      key: 'type',
      label: 'Type',
      placeholder: 'Any type',
      options: options(INCIDENT_TYPES, INCIDENT_TYPE_LABELS),
    },
    {
      kind: 'multi',
      key: 'severity',
      label: 'Severity',
      placeholder: 'Any severity',
      options: options(INCIDENT_SEVERITIES, INCIDENT_SEVERITY_LABELS),
    },
  ];
}

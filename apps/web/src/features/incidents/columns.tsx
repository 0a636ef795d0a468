import type { INCIDENT_SORTS, TIncidentItem } from '@forecourt/contracts';
import { Stack, Text } from '@mantine/core';
import type { TColumn } from '../../components/data-table';
import { AnchorLink } from '../../components/links';
import { formatDateTime } from '../../lib/format';
import { IncidentSeverityBadge, IncidentStatusBadge, SlaBadge } from './components/incident-badges';
import { INCIDENT_GROUP_LABELS, INCIDENT_TYPE_LABELS } from './labels';

export type TIncidentField = (typeof INCIDENT_SORTS)[number];

export const incidentColumns: TColumn<TIncidentItem, TIncidentField>[] = [
  {
    key: 'number',
    header: '#',
    sort: 'number',
    nowrap: true,
    rowLink: true,
    cell: (incident) => (
      <AnchorLink to="/incidents/$id" params={{ id: String(incident.id) }} fw={600}>
        #{incident.number}
      </AnchorLink>
    ),
  },
  {
    key: 'title',
    header: 'Incident',
    cell: (incident) => (
      <Stack gap={0}>
        <Text size="sm" fw={500} lineClamp={2} title={incident.title} miw={160}>
          {incident.title}
        </Text>
        <Text size="xs" c="dimmed">
          {INCIDENT_TYPE_LABELS[incident.type]} · {INCIDENT_GROUP_LABELS[incident.group]}
        </Text>
      </Stack>
    ),
  },
  { key: 'station', header: 'Station', cell: (incident) => incident.stationName },
  {
    key: 'severity',
    header: 'Severity',
    // Critical first on the first click, then low first.
    sort: 'severity',
    firstSort: 'desc',
    cell: (incident) => <IncidentSeverityBadge severity={incident.severity} />,
  },
  {
    key: 'status',
    header: 'Status',
    // Open, acknowledged, resolved, closed (the lifecycle's order).
    sort: 'status',
    cell: (incident) => <IncidentStatusBadge status={incident.status} />,
  },
  { key: 'assignee', header: 'Assignee', cell: (incident) => incident.assignee?.name ?? 'Unassigned' },
  {
    key: 'sla',
    header: 'SLA',
    sort: 'slaDueAt',
    nowrap: true,
    cell: (incident) => <SlaBadge incident={incident} />,
  },
  {
    key: 'opened',
    header: 'Opened',
    sort: 'openedAt',
    nowrap: true,
    cell: (incident) => formatDateTime(incident.openedAt),
  },
];

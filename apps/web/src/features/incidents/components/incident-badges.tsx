import type { TIncidentItem, TIncidentSeverity, TIncidentStatus } from '@forecourt/contracts';
import { Badge } from '@mantine/core';
import { EnumBadge } from '../../../components/enum-badge';
import {
  INCIDENT_SEVERITY_COLORS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_COLORS,
  INCIDENT_STATUS_LABELS,
} from '../labels';
import { slaSummary } from '../sla';

export function IncidentStatusBadge({ status }: { status: TIncidentStatus }) {
  return <EnumBadge value={status} labels={INCIDENT_STATUS_LABELS} colors={INCIDENT_STATUS_COLORS} />;
}

export function IncidentSeverityBadge({ severity }: { severity: TIncidentSeverity }) {
  return (
    <EnumBadge
      value={severity}
      labels={INCIDENT_SEVERITY_LABELS}
      colors={INCIDENT_SEVERITY_COLORS}
      variant="dot"
    />
  );
}

/** The SLA timer that matters now (see {@link slaSummary}). */
export function SlaBadge({ incident }: { incident: Pick<TIncidentItem, 'status' | 'sla' | 'severity'> }) {
  const { label, color } = slaSummary(incident);
  return (
    <Badge variant="light" color={color} size="sm" tt="none" fw={600} data-tone={color}>
      {label}
    </Badge>
  );
}

import type { TIncident } from '@forecourt/contracts';
import { Badge, VisuallyHidden } from '@mantine/core';
import { INCIDENT_SEVERITY_LABELS } from '../labels';
import { incidentUrgency, URGENCY_COLORS, URGENCY_LABELS } from '../urgency';

/**
 * The incident's severity, coloured by its urgency (severity, SLA time left now, status), for
 * lists that show no SLA column (the command centre's ticker, station pages).
 */
export function UrgencyBadge({
  incident,
  now = Date.now(),
}: {
  incident: Pick<TIncident, 'severity' | 'status' | 'slaDueAt'>;
  now?: number;
}) {
  const tone = incidentUrgency(incident.severity, Date.parse(incident.slaDueAt) - now, incident.status);
  return (
    <Badge
      color={URGENCY_COLORS[tone]}
      variant="light"
      tt="none"
      data-tone={tone}
      title={URGENCY_LABELS[tone]}
    >
      {INCIDENT_SEVERITY_LABELS[incident.severity]}
      <VisuallyHidden>, {URGENCY_LABELS[tone].toLowerCase()}</VisuallyHidden>
    </Badge>
  );
}

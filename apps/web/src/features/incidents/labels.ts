import type {
  TIncidentGroup,
  TIncidentSeverity,
  TIncidentStatus,
  TIncidentType,
  TSlaTimer,
} from '@forecourt/contracts';

export const INCIDENT_STATUS_LABELS: Record<TIncidentStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
  closed: 'Closed',
};
export const INCIDENT_STATUS_COLORS: Record<TIncidentStatus, string> = {
  open: 'red',
  acknowledged: 'yellow',
  resolved: 'teal',
  closed: 'gray',
};

export const INCIDENT_SEVERITY_LABELS: Record<TIncidentSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
export const INCIDENT_SEVERITY_COLORS: Record<TIncidentSeverity, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

export const INCIDENT_GROUP_LABELS: Record<TIncidentGroup, string> = {
  equipment: 'Equipment',
  revenue: 'Revenue',
  operations: 'Operations',
  safety: 'Safety',
  security: 'Security',
};

export const INCIDENT_TYPE_LABELS: Record<TIncidentType, string> = {
  dispenser_fault: 'Dispenser fault',
  drive_off: 'Drive-off / no payment',
  queue_congestion: 'Queue congestion',
  price_mismatch: 'Price mismatch',
  safety: 'Safety',
  anpr_watchlist_hit: 'ANPR watch-list hit',
  payment_failure: 'Payment failure',
};

/** The button that moves an incident to a state. */
export const TRANSITION_LABELS: Record<TIncidentStatus, string> = {
  open: 'Reopen',
  acknowledged: 'Acknowledge',
  resolved: 'Resolve',
  closed: 'Close',
};

export const SLA_STATE_COLORS: Record<TSlaTimer['state'], string> = {
  pending: 'blue',
  overdue: 'red',
  met: 'teal',
  breached: 'orange',
};

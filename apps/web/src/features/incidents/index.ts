/** What other features use of the incidents feature (its other files are its own). */
export { UrgencyBadge } from './components/urgency-badge';
export { useIncidentMessageTone } from './live-incidents';
export { incidentMessageTone } from './message-tone';
export { incidentUrgency } from './urgency';

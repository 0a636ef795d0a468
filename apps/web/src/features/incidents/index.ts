/** What other features use of the incidents feature (its other files are its own). */
export { UrgencyBadge } from './components/urgency-badge';
export { incidentUrgency } from './urgency';

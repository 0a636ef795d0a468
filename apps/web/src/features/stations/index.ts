/** What other features use of the stations feature (its other files are its own). */
export { FUEL_COLORS, FUEL_LABELS, STATUS_COLORS, STATUS_LABELS } from './labels';

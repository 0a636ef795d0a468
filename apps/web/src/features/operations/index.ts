/** What other features use of the operations feature (its other files are its own). */
export { fuel, status } from './filters';
export { operationsKeys } from './keys';
export { PAYMENT_MODE_COLORS, PAYMENT_MODE_LABELS } from './labels';
export { useStationFilter } from './queries';

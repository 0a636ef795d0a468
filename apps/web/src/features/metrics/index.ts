/** What other features use of the metrics feature (its other files are its own). */
export { metricsKeys } from './keys';

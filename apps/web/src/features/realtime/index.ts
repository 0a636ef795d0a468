/** What other features use of the realtime feature (its other files are its own). */
export { StationLiveIndicator } from './live-indicator';

/**
 * Display formatting for the dashboard: the shared formatters of contracts (en-IN grouping, IST
 * dates, INR, units, durations, coordinates), re-exported so screens have one place to import from.
 */
export {
  directionsUrl,
  formatDate,
  formatDateTime,
  formatDistance,
  formatDms,
  formatDuration,
  formatInr,
  formatNumber,
  formatQuantity,
  MISSING_VALUE,
} from '@forecourt/contracts';

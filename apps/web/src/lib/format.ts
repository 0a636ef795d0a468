/**
 * Display formatting for the dashboard: the shared formatters of contracts (en-IN grouping, IST
 * dates, units, durations, coordinates), re-exported so screens have one place to import from, and
 * the money rule of ./money.ts.
 */
export {
  directionsUrl,
  formatDate,
  formatDateTime,
  formatDistance,
  formatDms,
  formatDuration,
  formatNumber,
  formatQuantity,
  MISSING_VALUE,
} from '@forecourt/contracts';
export { formatMoney, formatMoneyCompact, formatMoneyHeadline } from './money';

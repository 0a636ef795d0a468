/**
 * Plain numbers: decimal rounding, grouped display and compact display.
 * Grouping follows en-IN (1,23,456.78); compact numbers follow en-GB (1.2k, 3.4m, 5bn).
 */

/** Shown in place of a value that cannot be formatted (NaN, ±Infinity, an invalid date). */
export const MISSING_VALUE = '—';

/** Default number of decimals when rounding and formatting. */
export const DEFAULT_DIGITS = 2;

/** Moves the decimal point of `value` by `places` without binary floating-point error. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/**
 * Rounds `value` to `digits` decimals, half away from zero, in decimal terms:
 * `round(1.005) === 1.01` (plain `Math.round(1.005 * 100) / 100` gives 1).
 * Negative `digits` round to tens, hundreds, …. Non-finite values are returned unchanged; `-0` becomes `0`.
 */
export function round(value: number, digits: number = DEFAULT_DIGITS): number {
  if (!Number.isInteger(digits)) throw new RangeError(`digits must be an integer, got ${digits}`);
  if (!Number.isFinite(value)) return value;
  // Beyond 2^53 every double is already an integer, and shifting could overflow to Infinity.
  if (digits >= 0 && Math.abs(value) >= 2 ** 53) return value;
  const magnitude = shiftDecimal(Math.round(shiftDecimal(Math.abs(value), digits)), -digits);
  const result = value < 0 ? -magnitude : magnitude;
  return result === 0 ? 0 : result;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Caches formatters: building an `Intl.NumberFormat` is far slower than using one. */
export function cachedNumberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** Options of {@link formatNumber}. */
export type TFormatNumberOptions = {
  /** Most decimals shown (default 2). */
  maximumFractionDigits?: number;
  /** Fewest decimals shown (default 0; pass 2 for fixed decimals). */
  minimumFractionDigits?: number;
};

/** Formats a number with Indian digit grouping: `formatNumber(1234567.891)` → `'12,34,567.89'`. */
export function formatNumber(value: number, options: TFormatNumberOptions = {}): string {
  if (!Number.isFinite(value)) return MISSING_VALUE;
  const maximumFractionDigits = options.maximumFractionDigits ?? DEFAULT_DIGITS;
  const minimumFractionDigits = Math.min(options.minimumFractionDigits ?? 0, maximumFractionDigits);
  const rounded = round(value, maximumFractionDigits);
  return cachedNumberFormat('en-IN', { maximumFractionDigits, minimumFractionDigits }).format(rounded);
}

/**
 * Short form for charts and tiles in en-GB: `1234` → `'1.2k'`, `1_234_567` → `'1.2m'`, `5e9` → `'5bn'`.
 * en-GB writes the suffixes in lower case; values under 1,000 keep up to `maximumFractionDigits` decimals.
 */
export function formatCompact(value: number, maximumFractionDigits = 1): string {
  if (!Number.isFinite(value)) return MISSING_VALUE;
  const normalised = value === 0 ? 0 : value;
  return cachedNumberFormat('en-GB', { notation: 'compact', maximumFractionDigits }).format(normalised);
}

/** Formats a ratio (0.123) as a percentage (`'12.3%'`) with up to `maximumFractionDigits` decimals. */
export function formatPercent(ratio: number, maximumFractionDigits = 1): string {
  if (!Number.isFinite(ratio)) return MISSING_VALUE;
  const percent = round(ratio * 100, maximumFractionDigits);
  return `${cachedNumberFormat('en-IN', { maximumFractionDigits }).format(percent)}%`;
}

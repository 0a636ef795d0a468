import { cachedNumberFormat, MISSING_VALUE, round } from './number';

/**
 * Money. On the wire and in the database money is an integer number of paise (1 rupee = 100 paise)
 * in fields named `…Paise`; it becomes rupees only for display.
 */

/** The default currency. */
export const CURRENCY = 'INR';

/** Paise → exact decimal rupee string (`12345n` → `'123.45'`), so huge amounts lose no precision. */
function paiseToDecimal(paise: bigint): `${number}` {
  const negative = paise < 0n;
  const magnitude = negative ? -paise : paise;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${magnitude / 100n}.${fraction}` as `${number}`;
}

/** Whole paise as a bigint; fractional paise round half away from zero. `null` for NaN or ±Infinity. */
function toWholePaise(paise: number | bigint): bigint | null {
  if (typeof paise === 'bigint') return paise;
  if (!Number.isFinite(paise)) return null;
  return BigInt(round(paise, 0));
}

/** Options of {@link formatInr}. */
export type TFormatInrOptions = {
  /** 2 (default) shows paise; 0 rounds to whole rupees, half away from zero. */
  fractionDigits?: 0 | 2;
};

/**
 * Formats paise as Indian rupees with en-IN grouping: `formatInr(12345678)` → `'₹1,23,456.78'`,
 * `formatInr(-5000)` → `'-₹50.00'`. Accepts bigint for amounts beyond 2^53 paise.
 */
export function formatInr(paise: number | bigint, options: TFormatInrOptions = {}): string {
  const whole = toWholePaise(paise);
  if (whole === null) return MISSING_VALUE;
  const fractionDigits = options.fractionDigits ?? 2;
  return cachedNumberFormat('en-IN', {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    roundingMode: 'halfExpand',
  }).format(paiseToDecimal(whole));
}

/** Paise → rupees as a number (`12345` → `123.45`), for charts and arithmetic, never for storage. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * Rupees (e.g. typed into a form) → integer paise, rounding to the nearest paisa in decimal terms:
 * `rupeesToPaise(1.005)` → `101`. Throws a RangeError for NaN or ±Infinity.
 */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
  const paise = Math.round(Math.abs(round(rupees, 2)) * 100);
  return rupees < 0 && paise !== 0 ? -paise : paise;
}

/**
 * Paise → rupees as plain decimal text with two decimals, exact for any amount (`-5` → `'-0.05'`,
 * `12345678` → `'123456.78'`): for files a spreadsheet reads as a number. `''` for NaN or ±Infinity.
 */
export function paiseToDecimalText(paise: number | bigint): string {
  const whole = toWholePaise(paise);
  return whole === null ? '' : paiseToDecimal(whole);
}

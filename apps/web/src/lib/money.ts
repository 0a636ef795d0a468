import { formatInr, formatNumber, MISSING_VALUE } from '@forecourt/contracts';

/**
 * Money on every screen, one rule (docs/DISPLAY-RULES.md, "Money"). Amounts arrive in paise.
 *
 * - Full amounts (tables, tooltips, details, card limits, donut values): en-IN grouping with the
 *   rupee sign and always two decimals of paise, `₹1,23,456.78`, `₹50.00`, `-₹12.30`.
 * - Compact amounts (chart axes, donut centres, tile headlines from a lakh up): Indian units with
 *   at most one decimal, `₹950`, `₹45.6 K`, `₹1.2 L`, `₹3.4 Cr`, `₹1,234 Cr`; the full amount
 *   is always one hover or focus away where a compact one is shown.
 */

const THOUSAND = 1_000;
const LAKH = 100_000;
const CRORE = 10_000_000;

/** A full amount: `₹1,23,456.78`. */
export function formatMoney(paise: number | bigint): string {
  return formatInr(paise);
}

/** A compact amount: `₹45.6 K`, `₹1.2 L`, `₹3.4 Cr` (whole rupees below a thousand). */
export function formatMoneyCompact(paise: number): string {
  if (!Number.isFinite(paise)) return MISSING_VALUE;
  const rupees = paise / 100;
  const size = Math.abs(rupees);
  const sign = rupees < 0 && size >= 0.5 ? '-' : '';
  const scaled = (unit: number, suffix: string) =>
    `${sign}₹${formatNumber(size / unit, { maximumFractionDigits: 1 })} ${suffix}`;
  if (size >= CRORE) return scaled(CRORE, 'Cr');
  if (size >= LAKH) return scaled(LAKH, 'L');
  if (size >= THOUSAND) return scaled(THOUSAND, 'K');
  return `${sign}₹${formatNumber(size, { maximumFractionDigits: 0 })}`;
}

/** A tile's headline: the full amount below a lakh, the compact one from a lakh up. */
export function formatMoneyHeadline(paise: number): string {
  return Math.abs(paise) < LAKH * 100 ? formatMoney(paise) : formatMoneyCompact(paise);
}

/**
 * An amount typed in rupees (a form field) and back: the field shows rupees with paise, grouped
 * the en-IN way like every full amount; the API takes paise.
 */
export const MONEY_INPUT_PROPS = {
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
  decimalScale: 2,
  fixedDecimalScale: true,
} as const;

/** Paise as the rupees a money field shows: `12345` → `123.45`. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** What a money field holds, in paise (rounded to the paisa): `'123.45'` → `12345`. */
export function rupeesToPaise(rupees: number | string): number {
  return Math.round(Number(rupees) * 100);
}

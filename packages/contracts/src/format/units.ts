import { DEFAULT_DIGITS, formatNumber, MISSING_VALUE, round } from './number';

/**
 * Units of dispensed quantity: kg is kilogram, l is liter; EV charging is sold in kWh.
 * Quantities travel on the wire as `quantity`, a number in the unit of the fuel (see `FUEL_UNITS`);
 * the database keeps integer milli-units (`quantityMilli`).
 */
export const QUANTITY_UNITS = {
  kg: { symbol: 'kg', singular: 'kilogram', plural: 'kilograms' },
  l: { symbol: 'L', singular: 'liter', plural: 'liters' },
  kWh: { symbol: 'kWh', singular: 'kilowatt-hour', plural: 'kilowatt-hours' },
} as const;

/** A unit code: `kg`, `l` or `kWh`. */
export type TQuantityUnit = keyof typeof QUANTITY_UNITS;

/** Options of {@link formatQuantity}. */
export type TFormatQuantityOptions = {
  /** Most decimals shown (default 2). */
  maximumFractionDigits?: number;
  /** `short` (default) → `'12.5 L'`; `long` → `'12.5 liters'`. */
  style?: 'short' | 'long';
};

/**
 * Formats a quantity with its unit: `formatQuantity(1234.567, 'l')` → `'1,234.57 L'`,
 * `formatQuantity(1, 'kg', {style: 'long'})` → `'1 kilogram'`.
 */
export function formatQuantity(
  value: number,
  unit: TQuantityUnit,
  options: TFormatQuantityOptions = {},
): string {
  if (!Number.isFinite(value)) return MISSING_VALUE;
  const maximumFractionDigits = options.maximumFractionDigits ?? DEFAULT_DIGITS;
  const text = formatNumber(value, { maximumFractionDigits });
  const names = QUANTITY_UNITS[unit];
  if (options.style !== 'long') return `${text} ${names.symbol}`;
  // Singular only for exactly one as displayed ("1 liter"); "1.5 liters", "0 liters", "-1 liter".
  return `${text} ${text === '1' || text === '-1' ? names.singular : names.plural}`;
}

/** Integer milli-units from the database → a wire quantity: `12345` → `12.345`. */
export function milliToQuantity(milli: number): number {
  return milli / 1000;
}

/** A quantity → integer milli-units for storage, rounding to the nearest milli-unit in decimal terms. */
export function quantityToMilli(quantity: number): number {
  if (!Number.isFinite(quantity)) throw new RangeError(`Not a quantity: ${quantity}`);
  const milli = Math.round(Math.abs(round(quantity, 3)) * 1000);
  return quantity < 0 && milli !== 0 ? -milli : milli;
}

/**
 * Formats a distance given in metres: under 1 km in whole metres (`'850 m'`), otherwise kilometres
 * with one decimal (`'12.3 km'`).
 */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres)) return MISSING_VALUE;
  if (Math.abs(metres) < 1000) {
    const whole = formatNumber(metres, { maximumFractionDigits: 0 });
    // 999.6 m rounds to 1,000 m: show it as 1 km instead.
    if (whole !== '1,000' && whole !== '-1,000') return `${whole} m`;
  }
  return `${formatNumber(metres / 1000, { maximumFractionDigits: 1 })} km`;
}

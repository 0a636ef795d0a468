import { paiseToDecimalText } from './money';
import { IST_OFFSET_MS, toDate } from './time';

/**
 * CSV files people open in a spreadsheet, written the same way by the server's list exports and the
 * dashboard's report exports (docs/DECISIONS.md, "CSV export"):
 * - UTF-8 with a byte-order mark, so Excel reads ₹ and non-Latin names correctly;
 * - RFC 4180 records (CRLF, fields with `"`, `,`, CR or LF quoted, `"` doubled);
 * - text that a spreadsheet would run as a formula gets a leading `'`;
 * - money (`…Paise` fields) in rupees with two decimals, as a number;
 * - instants (`…At` fields) in India Standard Time with the offset: `2026-11-25 14:32:05 +05:30`;
 * - headers in words: `dailyLimitPaise` → `Daily limit (₹)`, `openedAt` → `Opened at (IST)`.
 */

/** The byte-order mark that starts every CSV file. */
export const CSV_BOM = '\uFEFF';

/** How a column's values are written: money and instants have their own rules, the rest as is. */
export type TCsvKind = 'money' | 'instant' | 'plain';

/**
 * What a spreadsheet may read as the start of a formula or command: `=`, `+`, `-`, `@`, `|` (DDE
 * in older Excel), tab, CR, and the full-width forms `＝`, `＋`, `－`, `＠` that some spreadsheets
 * normalise to their ASCII forms.
 */
const FORMULA_START = /^[=+\-@|\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field: RFC 4180 quoting and formula-injection protection. Numbers stay numbers. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The kind a field's name gives: `…Paise` is money, `…At` an instant, anything else plain. */
export function csvKindOf(key: string): TCsvKind {
  if (/[a-z]Paise$|^paise$/.test(key)) return 'money';
  if (/[a-z]At$/.test(key)) return 'instant';
  return 'plain';
}

/** Words that stay upper case in a header. */
const ACRONYMS = new Set(['id', 'ist', 'sla', 'gst', 'gstin', 'kyc', 'otp', 'url', 'ev', 'upi', 'pan']);

/**
 * A field name as a header in words: `vehicleRegistration` → `Vehicle registration`, `cardId` →
 * `Card ID`, `last4` → `Last 4`, `isFuelProvider` → `Fuel provider`, `amountPaise` → `Amount (₹)`,
 * `openedAt` → `Opened at (IST)`.
 */
export function csvHeaderOf(key: string, kind: TCsvKind = csvKindOf(key)): string {
  // `isPublished` → `Published`: a yes/no column reads as its subject.
  const base = (kind === 'money' ? key.replace(/Paise$/, '') : key).replace(/^is(?=[A-Z])/, '');
  const words = base
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const text = words.join(' ');
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  if (kind === 'money') return `${sentence} (₹)`;
  if (kind === 'instant') return `${sentence} (IST)`;
  return sentence;
}

/** An instant in IST with its offset, sortable as text: `2026-11-25 14:32:05 +05:30`. */
export function csvInstant(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date =
    typeof value === 'string' || typeof value === 'number' || value instanceof Date ? toDate(value) : null;
  if (!date) return typeof value === 'string' ? value : '';
  const wall = new Date(date.getTime() + IST_OFFSET_MS).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)} +05:30`;
}

/**
 * One CSV field written by its kind: money as rupees with two decimals (exact, from integer paise,
 * never with a formula guard since it is a number), an instant in IST, anything else by
 * {@link csvCell}.
 */
export function csvValue(kind: TCsvKind, value: unknown): string {
  if (kind === 'money') {
    if (typeof value === 'bigint') return paiseToDecimalText(value);
    if (typeof value === 'number' && Number.isFinite(value)) return paiseToDecimalText(value);
    return csvCell(value);
  }
  if (kind === 'instant') return csvCell(csvInstant(value));
  return csvCell(value);
}

/** One column of a CSV file: its field name (the header is made from it) and how a row gives it. */
export type TCsvColumn<T> = {
  /** The field's name, camelCase; the header and the kind are made from it. */
  key: string;
  value: (row: T) => unknown;
  /** A header that reads better than the one made from the key. */
  header?: string;
  /** Overrides the kind the key gives. */
  kind?: TCsvKind;
};

/** A file's columns with their headers and kinds settled, ready to write rows. */
export type TCsvWriter<T> = { header: string; row: (row: T) => string };

/** Settles headers and kinds once; `header` is the first record, `row(r)` one record per row. */
export function csvWriter<T>(columns: readonly TCsvColumn<T>[]): TCsvWriter<T> {
  const kinds = columns.map((column) => column.kind ?? csvKindOf(column.key));
  const header = csvLine(columns.map((column, i) => column.header ?? csvHeaderOf(column.key, kinds[i])));
  return {
    header,
    row: (row) =>
      `${columns.map((column, i) => csvValue(kinds[i] ?? 'plain', column.value(row))).join(',')}\r\n`,
  };
}

/** A whole small CSV file (BOM, header, rows) for data already in memory, e.g. a report on screen. */
export function csvDocument<T>(columns: readonly TCsvColumn<T>[], rows: readonly T[]): string {
  const writer = csvWriter(columns);
  return CSV_BOM + writer.header + rows.map(writer.row).join('');
}

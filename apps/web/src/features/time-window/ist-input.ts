import { IST_OFFSET_MS } from '@forecourt/contracts';

/**
 * The custom-range inputs are `datetime-local` fields read as India Standard Time, whatever the
 * browser's own zone: operators compare against shift registers kept in IST.
 */
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `'2026-04-01T06:30'` (IST) → ISO instant; `null` when incomplete or impossible. */
export function istInputToIso(value: string): string | null {
  const match = LOCAL_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  return new Date(utc - IST_OFFSET_MS).toISOString();
}

/** ISO instant → the `datetime-local` value showing it in IST (minutes). */
export function isoToIstInput(iso: string): string {
  const shifted = new Date(Date.parse(iso) + IST_OFFSET_MS);
  return shifted.toISOString().slice(0, 16);
}

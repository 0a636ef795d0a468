import { z } from 'zod';

/**
 * Lenient address-bar fields: a hand-edited or stale value falls back to "not set" instead of
 * showing an error page. The API's own schemas (contracts) stay strict.
 */

/** Values of `allowed` found in a comma list or a repeated key; unknown values are dropped. */
export function zSearchEnumList<const T extends readonly [string, ...string[]]>(allowed: T) {
  const known = new Set<string>(allowed);
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((raw): T[number][] | undefined => {
      if (raw === undefined) return undefined;
      const parts = (Array.isArray(raw) ? raw : [raw])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim());
      const values = [...new Set(parts.filter((part): part is T[number] => known.has(part)))];
      return values.length > 0 ? values : undefined;
    })
    .catch(undefined);
}

/** Free text, trimmed and cut to `max`; empty is "not set". */
export function zSearchText(max: number) {
  return z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, max) || undefined)
    .catch(undefined);
}

/** One of the sort values `field` / `-field` of `fields`; anything else is "not set" (the default sort). */
export function zSearchSort<const T extends readonly [string, ...string[]]>(fields: T) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [
    T[number] | `-${T[number]}`,
    ...(T[number] | `-${T[number]}`)[],
  ];
  return z.enum(values).optional().catch(undefined);
}

/** An opaque keyset cursor from the API (checked by the server). */
export const zSearchCursor = z.string().max(1024).optional().catch(undefined);

/** `true` / `false` in the address bar. */
export const zSearchBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === true || value === 'true'))
  .catch(undefined);

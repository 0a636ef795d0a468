/**
 * Document ids on the notification wire API. Rows keep integer ids; Novu-compatible clients expect
 * 24 hex digits (a Mongo ObjectId's shape, which some routes validate), so an id travels as its
 * hexadecimal value left-padded with zeros: 42 ⇄ "00000000000000000000002a".
 */
const HEX_ID = /^[0-9a-fA-F]{24}$/;

export function toHexId(id: number): string {
  return id.toString(16).padStart(24, '0');
}

export const toHexIdOrNull = (id: number | null | undefined): string | null =>
  id === null || id === undefined ? null : toHexId(id);

/** The row id of a wire id; null for anything that is not one of ours (callers answer 404/400). */
export function fromHexId(value: unknown): number | null {
  if (typeof value !== 'string' || !HEX_ID.test(value)) return null;
  const id = Number.parseInt(value, 16);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const isHexId = (value: unknown): value is string => typeof value === 'string' && HEX_ID.test(value);

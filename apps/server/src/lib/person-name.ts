/** "First Last", or null when there is no such person. */
export function personName(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return `${first ?? ''} ${last ?? ''}`.trim();
}

/** The badge text: the count, or "99+" past 99 or when the server stopped counting. */
export function badgeLabel(count: number, hasMore = false): string {
  return count > 99 || hasMore ? '99+' : String(count);
}

import type { QueryKey } from '@tanstack/react-query';

/**
 * `placeholderData` that keeps the previous result on screen while the next page, filter or window
 * loads (a live window moves every few seconds and must not flicker), but only while the previous
 * query's key starts with `scope`: another station's or vehicle's figures never stand in for this one's.
 */
export function keepPreviousWithin(scope: QueryKey) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: QueryKey }): T | undefined =>
    previousQuery && scope.every((part, index) => previousQuery.queryKey[index] === part)
      ? previous
      : undefined;
}

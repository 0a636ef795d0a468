import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCan } from '../auth';
import { fetchIncidentPage } from './api';
import {
  incidentMessageTone,
  type TIncidentMessageTone,
  type TLiveIncidents,
  type TToneMessage,
} from './message-tone';
import { incidentKeys } from './queries';

/** How often the open incidents behind the inbox's colours are read again, and the clock moves. */
const REFRESH_MS = 60_000;
/** At most this many open incidents are read; beyond, older messages keep what they carried. */
const LIVE_LIMIT = 200;

/**
 * The tone of an inbox message, for the bell's `messageTone`: incident messages take their
 * incident's urgency as it is now. One bounded read of the incidents open or acknowledged in the
 * caller's stations (newest first, index-backed), again every minute; callers who may not read
 * incidents (or when the read fails) get the urgency from what each message carried.
 */
export function useIncidentMessageTone(): (message: TToneMessage) => TIncidentMessageTone | null {
  const canRead = useCan('incidents:r');
  const query = useQuery({
    queryKey: [...incidentKeys.all, 'live'],
    queryFn: ({ signal }) =>
      fetchIncidentPage({ status: ['open', 'acknowledged'], limit: String(LIVE_LIMIT) }, signal),
    enabled: canRead,
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 2,
    retry: false,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const page = query.data;
  const readAt = query.dataUpdatedAt;
  const live = useMemo<TLiveIncidents | null>(
    () =>
      page
        ? {
            byId: new Map(page.results.map((row) => [row.id, row])),
            complete: page.nextCursor === undefined || page.nextCursor === null,
            readAt,
          }
        : null,
    [page, readAt],
  );
  return useCallback(
    (message: TToneMessage) => incidentMessageTone(message, live, Math.max(now, readAt)),
    [live, now, readAt],
  );
}

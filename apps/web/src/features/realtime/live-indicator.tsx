import type { TStationStatus } from '@forecourt/contracts';
import { Badge, Tooltip } from '@mantine/core';
import type { TStationLiveStatus } from './realtime-client';
import { useStationLive } from './use-station-live';

const LOOK: Record<Exclude<TStationLiveStatus, 'idle'>, { label: string; color: string; hint: string }> = {
  live: { label: 'Live', color: 'green', hint: 'Updates arrive as they happen.' },
  connecting: { label: 'Connecting…', color: 'gray', hint: 'Connecting to live updates.' },
  reconnecting: {
    label: 'Reconnecting…',
    color: 'yellow',
    hint: 'The live connection dropped; trying again. Pages still refresh on their own.',
  },
  unavailable: {
    label: 'Live off',
    color: 'gray',
    hint: 'Live updates are not available for your account here. Pages still refresh on their own.',
  },
  offline: { label: 'Offline', color: 'gray', hint: 'Live updates have stopped.' },
};

/** A station that reports nothing: its badge says so whatever the connection does. */
const QUIET_STATIONS: Partial<Record<TStationStatus, { label: string; color: string; hint: string }>> = {
  offline: {
    label: 'Not reporting',
    color: 'red',
    hint: 'The station is not reporting. Figures and pumps show its last report, not now.',
  },
  closed: {
    label: 'No live data',
    color: 'gray',
    hint: 'The station is closed: no sales or pump activity is expected.',
  },
};

/**
 * The station's live-feed state beside its header ("Live", "Reconnecting…"). Mounting it is what
 * subscribes the station to live updates while any of its pages is open.
 */
export function StationLiveIndicator({
  stationId,
  slug,
  stationStatus,
}: {
  stationId: number;
  slug: string;
  /** An offline or closed station is never shown as "Live". */
  stationStatus: TStationStatus;
}) {
  const status = useStationLive(stationId, slug);
  const quiet = QUIET_STATIONS[stationStatus];
  if (status === 'idle' && !quiet) return null;
  const look = quiet ?? LOOK[status as Exclude<TStationLiveStatus, 'idle'>];
  return (
    <Tooltip label={look.hint} withArrow multiline w={240}>
      <Badge
        variant="dot"
        color={look.color}
        tt="none"
        fw={600}
        role="status"
        aria-label={`Live updates: ${look.label}`}
        data-testid="live-indicator"
        data-status={quiet ? stationStatus : status}
      >
        {look.label}
      </Badge>
    </Tooltip>
  );
}

import type { TOperationsEventName, TOperationsEvents } from '@forecourt/contracts';

/** One operations event about one station of one organisation. */
export type OperationsEvent<K extends TOperationsEventName = TOperationsEventName> = {
  [N in K]: { organizationId: number; stationId: number; name: N; payload: TOperationsEvents[N] };
}[K];

/**
 * What writers (the ingest service) call to tell open screens that something changed. The realtime
 * hub implements it over socket.io; services and their tests need nothing else.
 */
export interface OperationsPublisher {
  publish(event: OperationsEvent): void;
}

/** Drops every event (a service used without realtime). */
export const silentPublisher: OperationsPublisher = { publish: () => undefined };

/** Keeps every event in order (tests). */
export function recordingPublisher(): OperationsPublisher & { events: OperationsEvent[] } {
  const events: OperationsEvent[] = [];
  return { events, publish: (event) => void events.push(event) };
}

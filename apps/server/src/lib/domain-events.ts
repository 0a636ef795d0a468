import type { TIncidentGroup, TIncidentSeverity, TIncidentStatus, TIncidentType } from '@forecourt/contracts';

/**
 * Domain events: facts a module publishes after its transaction committed, for other modules to
 * react to without the publisher knowing them. The notification module subscribes to every type
 * (`modules/notify/domain-triggers.ts`) and triggers the matching seeded workflow; the list is in
 * docs/PRODUCT.md, "Domain events". In-process and fire-and-forget: each handler of an event runs
 * in its own task, starting a macrotask after `publish` (so the publisher's reply goes out first),
 * and a failing handler is logged, never surfaced to the publisher. Nothing is persisted: an event
 * published while no one listens, or pending when the process dies, is gone.
 */

/** What every incident event carries: enough to route and render a notification without a query. */
type IncidentEventBase = {
  organizationId: number;
  stationId: number;
  incidentId: number;
  number: number;
  incidentType: TIncidentType;
  group: TIncidentGroup;
  severity: TIncidentSeverity;
  /** The status and SLA deadline (epoch ms) after the change, for the notification's urgency. */
  status: TIncidentStatus;
  slaDueAt: number;
  title: string;
  /** The user who caused it; null for the system. */
  actorUserId: number | null;
  /** Epoch milliseconds. */
  at: number;
};

export type DomainEvent =
  /** A new incident was opened. */
  | ({ type: 'incident.opened' } & IncidentEventBase)
  /**
   * An incident became more urgent: its severity was raised (`previousSeverity` set) or it was
   * reopened after being resolved or closed.
   */
  | ({
      type: 'incident.escalated';
      reason: 'severity_raised' | 'reopened';
      previousSeverity?: TIncidentSeverity;
    } & IncidentEventBase)
  | RecordEvent
  /** A new organisation was created (signup); its creator is its first admin. */
  | { type: 'organization.created'; organizationId: number; actorUserId: number; at: number };

/** What every record event carries. */
type RecordEventBase = {
  organizationId: number;
  /** The user who caused it; null for the system. */
  actorUserId: number | null;
  /** Epoch milliseconds. */
  at: number;
};

/** A member asked for access to a station (admins decide). */
export type AccessRequestCreated = {
  type: 'access_request.created';
  requestId: number;
  stationId: number;
  stationName: string;
  requesterUserId: number;
  requesterName: string;
} & RecordEventBase;

/** An admin approved or rejected a station access request (the requester is told). */
export type AccessRequestDecided = {
  type: 'access_request.decided';
  requestId: number;
  stationId: number;
  stationName: string;
  requesterUserId: number;
  decision: 'approved' | 'rejected';
  reason: string | null;
} & RecordEventBase;

/** A card activation request was filed (admins decide). */
export type CardActivationRequested = {
  type: 'card_activation.requested';
  requestId: number;
  cardId: number;
  maskedNumber: string;
  requestedBy: string;
} & RecordEventBase;

/** A card activation request was approved (card now active) or rejected. */
export type CardActivationDecided = {
  type: 'card_activation.decided';
  requestId: number;
  cardId: number;
  maskedNumber: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
} & RecordEventBase;

/** A loyalty settlement was paid out (`settled`): its statement is ready. */
export type SettlementReady = {
  type: 'settlement.ready';
  settlementId: number;
  programSlug: string;
  stationId: number;
  stationName: string;
  netPaise: number;
  /** Epoch milliseconds. */
  periodStart: number;
  periodEnd: number;
} & RecordEventBase;

/** A customer posted a review of a station. */
export type ReviewPosted = {
  type: 'review.posted';
  reviewId: number;
  stationId: number;
  stationName: string;
  rating: number;
  authorName: string;
} & RecordEventBase;

export type RecordEvent =
  | AccessRequestCreated
  | AccessRequestDecided
  | CardActivationRequested
  | CardActivationDecided
  | SettlementReady
  | ReviewPosted;

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type DomainEventHandler<T extends DomainEventType> = (event: DomainEventOf<T>) => void | Promise<void>;

export interface DomainEventBus {
  /** Hands the event to every subscriber of its type, asynchronously; returns at once. */
  publish(event: DomainEvent): void;
  /** Subscribes to one type; the returned function unsubscribes. */
  subscribe<T extends DomainEventType>(type: T, handler: DomainEventHandler<T>): () => void;
  /** Resolves when every handler started so far has finished (tests, graceful shutdown). */
  drain(): Promise<void>;
}

type Logger = { error(details: object, message: string): void };

export function createDomainEventBus(log?: Logger): DomainEventBus {
  type AnyHandler = (event: DomainEvent) => void | Promise<void>;
  const handlers = new Map<DomainEventType, Set<AnyHandler>>();
  const running = new Set<Promise<void>>();

  const run = async (event: DomainEvent, handler: AnyHandler) => {
    // A macrotask later: the publisher's reply goes out before any handler runs.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      await handler(event);
    } catch (err) {
      log?.error({ err, event: event.type }, 'domain event handler failed');
    }
  };

  return {
    publish(event) {
      for (const handler of handlers.get(event.type) ?? []) {
        const task = run(event, handler).finally(() => running.delete(task));
        running.add(task);
      }
    },
    subscribe(type, handler) {
      // Only events of `type` reach the handler (publish looks them up by type).
      const wrapped = handler as unknown as AnyHandler;
      const set = handlers.get(type) ?? new Set<AnyHandler>();
      set.add(wrapped);
      handlers.set(type, set);
      return () => {
        set.delete(wrapped);
      };
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

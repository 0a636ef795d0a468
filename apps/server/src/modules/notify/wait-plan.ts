import { delayDueAt } from './delay';
import { backoffSince, digestKeyValue, digestKind, digestWindowEnd } from './digest';
import { EXECUTION_TEXT, type ExecutionDetailInput } from './execution-details.repository';
import { type TJobRow, WAIT_TYPES } from './jobs';
import type { DigestGroup } from './scheduler.repository';
import type { WorkflowSnapshot } from './trigger.service';

/**
 * The digest and delay engine's decisions, without I/O or a clock (`now` is given): how waiting
 * jobs are armed (fail, wait until a due time, fire at once, or join or open a digest window),
 * what firing them writes (completed delays, digest leads with the events they collected), and
 * which steps run after them. wait-engine.ts loads (scheduler.repository.ts), plans here and
 * settles in the same transaction.
 *
 * A digest is planned in three steps because its outcome depends on other triggers' jobs that
 * the transaction reads or locks at that moment: `planArm` gives its group, key and window,
 * `planBackoff` splits it by the subscribers with a recent digest, and once the repository has
 * merged the jobs with an open window (`mergeIntoOpenWindows`, an atomic UPDATE) `planWindow`
 * decides what the rest does.
 */

export type WaitJob = TJobRow;

/** A waiting job's event: its workflow snapshot, payload and creation time (parsed). */
export type EventInfo = { workflow: WorkflowSnapshot; payload: Record<string, unknown>; createdAt: number };

export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** An execution detail of a waiting job. */
export function waitDetail(
  job: WaitJob,
  now: number,
  code: ExecutionDetailInput['code'],
  status: ExecutionDetailInput['status'],
  text: string,
): ExecutionDetailInput {
  return {
    environmentId: job.environmentId,
    organizationId: job.organizationId,
    eventId: job.eventId,
    notificationId: job.notificationId,
    jobId: job.id,
    subscriberId: job.subscriberId,
    workflowId: job.workflowId,
    transactionId: job.transactionId,
    channel: job.type,
    code,
    status,
    detail: text,
    createdAt: now,
  };
}

/**
 * What arming one step of one event's waiting jobs does (all `jobs` share event and step):
 * - `fail`: the jobs fail with `error`, the steps after them are skipped;
 * - `wait`: a delay waits until `runAt`;
 * - `fire`: a delay already due fires at once;
 * - `digest`: the jobs take `group.key`, then (when `backoffSince` is set) those without a recent
 *   digest fire at once, the rest join an open window or open one closing at `windowEnd`.
 */
export type ArmStep =
  | { kind: 'fail'; jobs: WaitJob[]; error: string; details: ExecutionDetailInput[] }
  | { kind: 'wait'; jobs: WaitJob[]; runAt: number; details: ExecutionDetailInput[] }
  | { kind: 'fire'; jobs: WaitJob[] }
  | { kind: 'digest'; jobs: WaitJob[]; group: DigestGroup; backoffSince: number | null; windowEnd: number };

/** Arms waiting jobs (`delayed` without a due time), one step per event and step, in job order. */
export function planArm(
  jobs: readonly WaitJob[],
  events: ReadonlyMap<number, EventInfo>,
  now: number,
): ArmStep[] {
  const steps: ArmStep[] = [];
  for (const [, group] of groupBy(jobs, (job) => `${job.eventId}:${job.stepIndex}`)) {
    const first = group[0] as WaitJob;
    const event = events.get(first.eventId) as EventInfo;
    const step =
      event.workflow.steps[first.stepIndex] ?? event.workflow.steps.find((s) => s.id === first.stepId);
    if (!step) {
      steps.push({
        kind: 'fail',
        jobs: group,
        error: 'step not found',
        details: group.map((job) => waitDetail(job, now, 1002, 'Failed', EXECUTION_TEXT[1002])),
      });
      continue;
    }
    if (first.type === 'delay') {
      const due = delayDueAt(step.metadata, event.payload, now);
      if (!due.ok) {
        const text = `${EXECUTION_TEXT[3011]}: ${due.error}`;
        steps.push({
          kind: 'fail',
          jobs: group,
          error: due.error,
          details: group.map((job) => waitDetail(job, now, 3011, 'Failed', text)),
        });
      } else if (due.runAt <= now) {
        steps.push({ kind: 'fire', jobs: group });
      } else {
        const text = `Delay: waiting until ${new Date(due.runAt).toISOString()}`;
        steps.push({
          kind: 'wait',
          jobs: group,
          runAt: due.runAt,
          details: group.map((job) => waitDetail(job, now, 1009, 'Pending', text)),
        });
      }
      continue;
    }
    steps.push({
      kind: 'digest',
      jobs: group,
      group: {
        environmentId: first.environmentId,
        workflowId: first.workflowId,
        stepId: first.stepId,
        eventId: first.eventId,
        key: digestKeyValue(step.metadata, event.payload),
      },
      backoffSince: digestKind(step.metadata) === 'backoff' ? backoffSince(step.metadata, now) : null,
      windowEnd: digestWindowEnd(step.metadata, now),
    });
  }
  return steps;
}

/**
 * A backoff digest: subscribers with a digest of the group within the backoff window (`recent`)
 * digest, the others fire at once. Without backoff (`recent` null) every job digests.
 */
export function planBackoff(
  jobs: readonly WaitJob[],
  recent: ReadonlySet<number> | null,
): { digest: WaitJob[]; fire: WaitJob[] } {
  if (recent === null) return { digest: [...jobs], fire: [] };
  return {
    digest: jobs.filter((job) => recent.has(job.subscriberId)),
    fire: jobs.filter((job) => !recent.has(job.subscriberId)),
  };
}

/**
 * Digest jobs after the merge: those that joined an open window (`merged`) are done (the steps
 * after them are skipped), the others lead a new window that stays open until `windowEnd`, or
 * fire at once when it has already closed.
 */
export function planWindow(
  jobs: readonly WaitJob[],
  merged: ReadonlySet<number>,
  windowEnd: number,
  now: number,
): {
  joined: WaitJob[];
  joinedDetails: ExecutionDetailInput[];
  open: { jobs: WaitJob[]; runAt: number; details: ExecutionDetailInput[] } | null;
  fire: WaitJob[];
} {
  const joined = jobs.filter((job) => merged.has(job.id));
  const leads = jobs.filter((job) => !merged.has(job.id));
  const joinedDetails = joined.map((job) =>
    waitDetail(job, now, 1009, 'Success', 'Digest: merged into an open digest'),
  );
  if (leads.length === 0 || windowEnd <= now) return { joined, joinedDetails, open: null, fire: leads };
  const text = `Digest: collecting events until ${new Date(windowEnd).toISOString()}`;
  return {
    joined,
    joinedDetails,
    open: {
      jobs: leads,
      runAt: windowEnd,
      details: leads.map((job) => waitDetail(job, now, 1009, 'Pending', text)),
    },
    fire: [],
  };
}

/** After a wait fired: the notifications' pending steps after `afterIndex` run, up to `nextWait`. */
export type AdvanceStep = {
  eventId: number;
  afterIndex: number;
  /** The index of the next active wait of the workflow (armed next); -1 when there is none. */
  nextWait: number;
  notificationIds: number[];
};

/** What firing waits writes, in order. */
export type FirePlan = {
  /** Delays that are done. */
  completedDelays: number[];
  /** Digest leads completed with the events they collected (one JSON document per entry). */
  completedLeads: { ids: number[]; digestEvents: string }[];
  details: ExecutionDetailInput[];
  advance: AdvanceStep[];
};

/**
 * Fires waits (claimed by the scheduler, or firing at once when armed): a delay is done; a digest
 * lead stores the events it collected, its own first, then those merged into it (`mergedByLead`,
 * oldest first). Then the steps after each wait run.
 */
export function planFire(
  jobs: readonly WaitJob[],
  events: ReadonlyMap<number, EventInfo>,
  mergedByLead: ReadonlyMap<number, readonly unknown[]>,
  now: number,
): FirePlan {
  const delays = jobs.filter((job) => job.type === 'delay');
  const digests = jobs.filter((job) => job.type === 'digest');
  const details = delays.map((job) =>
    waitDetail(job, now, 1009, 'Success', 'Delay: finished, the workflow continues'),
  );
  const completedLeads: FirePlan['completedLeads'] = [];
  // Leads without merged events share their event's single payload: one update per event.
  const alone = digests.filter((job) => !mergedByLead.has(job.id));
  for (const [eventId, group] of groupBy(alone, (job) => String(job.eventId))) {
    completedLeads.push({
      ids: group.map((job) => job.id),
      digestEvents: JSON.stringify([events.get(Number(eventId))?.payload ?? {}]),
    });
  }
  for (const job of digests) {
    const others = mergedByLead.get(job.id);
    const count = 1 + (others?.length ?? 0);
    if (others) {
      const collected = [events.get(job.eventId)?.payload ?? {}, ...others];
      completedLeads.push({ ids: [job.id], digestEvents: JSON.stringify(collected) });
    }
    details.push(
      waitDetail(job, now, 1009, 'Success', `Digest: sent with ${count} event${count === 1 ? '' : 's'}`),
    );
  }
  return {
    completedDelays: delays.map((job) => job.id),
    completedLeads,
    details,
    advance: planAdvance(jobs, events),
  };
}

/** Per event and step of the fired waits: the steps that run next and the wait after them. */
export function planAdvance(
  fired: readonly WaitJob[],
  events: ReadonlyMap<number, EventInfo>,
): AdvanceStep[] {
  return [...groupBy(fired, (job) => `${job.eventId}:${job.stepIndex}`).values()].map((group) => {
    const first = group[0] as WaitJob;
    const steps = events.get(first.eventId)?.workflow.steps ?? [];
    return {
      eventId: first.eventId,
      afterIndex: first.stepIndex,
      nextWait: steps.findIndex(
        (step, index) =>
          index > first.stepIndex && step.active && (step.type === 'digest' || step.type === 'delay'),
      ),
      notificationIds: group.map((job) => job.notificationId),
    };
  });
}

/** Jobs the scheduler claimed: delivery retries go back to the queue, waits fire. */
export function planDue(claimed: readonly WaitJob[]): { retries: WaitJob[]; waits: WaitJob[] } {
  return {
    retries: claimed.filter((job) => !WAIT_TYPES.includes(job.type)),
    waits: claimed.filter((job) => WAIT_TYPES.includes(job.type)),
  };
}

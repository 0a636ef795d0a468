import { type TWorkflowStep, ZWorkflowStep } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import type { WorkflowSnapshot } from './trigger.service';
import {
  type EventInfo,
  planAdvance,
  planArm,
  planBackoff,
  planDue,
  planFire,
  planWindow,
  type WaitJob,
} from './wait-plan';

/** The digest and delay engine's decisions without a database: from rows built here. */

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);
const MINUTE = 60_000;

const step = (fields: Record<string, unknown>): TWorkflowStep =>
  ZWorkflowStep.parse({ name: String(fields.id), metadata: {}, ...fields });

function eventOf(steps: TWorkflowStep[], payload: Record<string, unknown> = {}): EventInfo {
  return {
    workflow: {
      id: 7,
      name: 'Shift report',
      triggerIdentifier: 'shift-report',
      critical: false,
      tags: [],
      steps,
      preferenceSettings: {},
    } as WorkflowSnapshot,
    payload,
    createdAt: NOW,
  };
}

function job(id: number, fields: Partial<WaitJob> = {}): WaitJob {
  return {
    id,
    environmentId: 1,
    organizationId: 2,
    eventId: 30,
    notificationId: 100 + id,
    subscriberId: id,
    workflowId: 7,
    transactionId: 'tx-1',
    stepId: 'wait',
    stepIndex: 0,
    type: 'delay',
    ...fields,
  };
}

const events = (...entries: [number, EventInfo][]) => new Map(entries);

describe('planArm', () => {
  it('arms a delay until its due time, one step per event and step', () => {
    const event = eventOf([step({ id: 'wait', type: 'delay', metadata: { amount: 5, unit: 'minutes' } })]);
    const plan = planArm([job(1), job(2)], events([30, event]), NOW);
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatchObject({ kind: 'wait', runAt: NOW + 5 * MINUTE });
    const wait = plan[0] as Extract<(typeof plan)[0], { kind: 'wait' }>;
    expect(wait.jobs.map((j) => j.id)).toEqual([1, 2]);
    expect(wait.details.map((d) => [d.jobId, d.code, d.status, d.detail])).toEqual([
      [1, 1009, 'Pending', 'Delay: waiting until 2026-01-15T10:05:00.000Z'],
      [2, 1009, 'Pending', 'Delay: waiting until 2026-01-15T10:05:00.000Z'],
    ]);
  });

  it('fires a delay that is already due, and a scheduled delay in the past', () => {
    const zero = eventOf([step({ id: 'wait', type: 'delay', metadata: { amount: 0 } })]);
    const past = eventOf(
      [step({ id: 'wait', type: 'delay', metadata: { type: 'scheduled', delayPath: 'at' } })],
      { at: NOW - MINUTE },
    );
    const plan = planArm([job(1), job(2, { eventId: 31 })], events([30, zero], [31, past]), NOW);
    expect(plan.map((s) => s.kind)).toEqual(['fire', 'fire']);
  });

  it('fails a scheduled delay without a date in the payload, and a step the workflow no longer has', () => {
    const noDate = eventOf([
      step({ id: 'wait', type: 'delay', metadata: { type: 'scheduled', delayPath: 'at' } }),
    ]);
    const gone = eventOf([]);
    const plan = planArm([job(1), job(2, { eventId: 31 })], events([30, noDate], [31, gone]), NOW);
    expect(plan).toMatchObject([
      { kind: 'fail', error: 'The payload has no date at "at" for the scheduled delay' },
      { kind: 'fail', error: 'step not found' },
    ]);
    const [first, second] = plan as Extract<(typeof plan)[0], { kind: 'fail' }>[];
    expect(first?.details[0]).toMatchObject({ jobId: 1, code: 3011, status: 'Failed' });
    expect(first?.details[0]?.detail).toContain('The payload has no date at "at"');
    expect(second?.details[0]).toMatchObject({ jobId: 2, code: 1002, status: 'Failed' });
  });

  it('finds a moved step by its id', () => {
    const event = eventOf([
      step({ id: 'inbox', type: 'in_app', content: 'Hi' }),
      step({ id: 'wait', type: 'delay', metadata: { amount: 1, unit: 'hours' } }),
    ]);
    const plan = planArm([job(1, { stepIndex: 5 })], events([30, event]), NOW);
    expect(plan[0]).toMatchObject({ kind: 'wait', runAt: NOW + 60 * MINUTE });
  });

  it('gives a digest its group, key, window end and (for backoff) the backoff start', () => {
    const regular = eventOf(
      [
        step({
          id: 'wait',
          type: 'digest',
          metadata: { amount: 10, unit: 'minutes', digestKey: 'station.id' },
        }),
      ],
      { station: { id: 42 } },
    );
    const backoff = eventOf([
      step({
        id: 'wait',
        type: 'digest',
        metadata: { amount: 10, unit: 'minutes', backoff: true, backoffAmount: 3, backoffUnit: 'minutes' },
      }),
    ]);
    const plan = planArm(
      [job(1, { type: 'digest' }), job(2, { type: 'digest', eventId: 31, workflowId: null })],
      events([30, regular], [31, backoff]),
      NOW,
    );
    expect(plan).toEqual([
      {
        kind: 'digest',
        jobs: [job(1, { type: 'digest' })],
        group: { environmentId: 1, workflowId: 7, stepId: 'wait', eventId: 30, key: '42' },
        backoffSince: null,
        windowEnd: NOW + 10 * MINUTE,
      },
      {
        kind: 'digest',
        jobs: [job(2, { type: 'digest', eventId: 31, workflowId: null })],
        group: { environmentId: 1, workflowId: null, stepId: 'wait', eventId: 31, key: null },
        backoffSince: NOW - 3 * MINUTE,
        windowEnd: NOW + 10 * MINUTE,
      },
    ]);
  });
});

describe('planBackoff and planWindow (a digest after the repository answered)', () => {
  it('digests every job without backoff; with backoff only subscribers with a recent digest', () => {
    const jobs = [job(1), job(2), job(3)];
    expect(planBackoff(jobs, null)).toEqual({ digest: jobs, fire: [] });
    const split = planBackoff(jobs, new Set([2]));
    expect(split.digest.map((j) => j.id)).toEqual([2]);
    expect(split.fire.map((j) => j.id)).toEqual([1, 3]);
  });

  it('lets merged jobs go and opens a window for the others', () => {
    const jobs = [job(1, { type: 'digest' }), job(2, { type: 'digest' })];
    const window = planWindow(jobs, new Set([1]), NOW + 10 * MINUTE, NOW);
    expect(window.joined.map((j) => j.id)).toEqual([1]);
    expect(window.joinedDetails).toMatchObject([
      { jobId: 1, code: 1009, status: 'Success', detail: 'Digest: merged into an open digest' },
    ]);
    expect(window.open?.jobs.map((j) => j.id)).toEqual([2]);
    expect(window.open?.runAt).toBe(NOW + 10 * MINUTE);
    expect(window.open?.details[0]?.detail).toBe('Digest: collecting events until 2026-01-15T10:10:00.000Z');
    expect(window.fire).toEqual([]);
  });

  it('fires the leads at once when the window has already closed, and opens nothing when all merged', () => {
    const jobs = [job(1, { type: 'digest' }), job(2, { type: 'digest' })];
    const closed = planWindow(jobs, new Set(), NOW, NOW);
    expect(closed.open).toBeNull();
    expect(closed.fire.map((j) => j.id)).toEqual([1, 2]);
    const allMerged = planWindow(jobs, new Set([1, 2]), NOW + MINUTE, NOW);
    expect(allMerged.open).toBeNull();
    expect(allMerged.fire).toEqual([]);
    expect(allMerged.joined).toHaveLength(2);
  });
});

describe('planFire', () => {
  const workflow = [
    step({ id: 'wait', type: 'digest', metadata: { amount: 10 } }),
    step({ id: 'inbox', type: 'in_app', content: 'Hi' }),
    step({ id: 'later', type: 'delay', metadata: { amount: 1 } }),
    step({ id: 'email', type: 'email', subject: 'S', content: 'C' }),
  ];

  it('completes delays, stores the digest events (own payload first) and counts them', () => {
    const known = events([30, eventOf(workflow, { n: 1 })], [31, eventOf(workflow, { n: 2 })]);
    const fired = [
      job(1, { type: 'digest' }),
      job(2, { type: 'digest' }),
      job(3, { type: 'digest', eventId: 31 }),
      job(4, { type: 'delay', stepIndex: 2, stepId: 'later' }),
    ];
    const plan = planFire(fired, known, new Map([[3, [{ n: 0 }, { n: 5 }]]]), NOW);
    expect(plan.completedDelays).toEqual([4]);
    expect(plan.completedLeads).toEqual([
      { ids: [1, 2], digestEvents: JSON.stringify([{ n: 1 }]) },
      { ids: [3], digestEvents: JSON.stringify([{ n: 2 }, { n: 0 }, { n: 5 }]) },
    ]);
    expect(plan.details.map((d) => [d.jobId, d.detail])).toEqual([
      [4, 'Delay: finished, the workflow continues'],
      [1, 'Digest: sent with 1 event'],
      [2, 'Digest: sent with 1 event'],
      [3, 'Digest: sent with 3 events'],
    ]);
  });

  it('runs the steps after each wait up to the next active wait', () => {
    const inactive = [...workflow];
    inactive[2] = step({ id: 'later', type: 'delay', metadata: { amount: 1 }, active: false });
    const known = events([30, eventOf(workflow)], [31, eventOf(inactive)]);
    const advance = planAdvance(
      [
        job(1, { type: 'digest' }),
        job(2, { type: 'digest' }),
        job(3, { type: 'digest', eventId: 31 }),
        job(4, { type: 'delay', stepIndex: 2, stepId: 'later' }),
      ],
      known,
    );
    expect(advance).toEqual([
      { eventId: 30, afterIndex: 0, nextWait: 2, notificationIds: [101, 102] },
      { eventId: 31, afterIndex: 0, nextWait: -1, notificationIds: [103] },
      { eventId: 30, afterIndex: 2, nextWait: -1, notificationIds: [104] },
    ]);
  });
});

describe('planDue', () => {
  it('sends delivery retries back to the queue and fires the waits', () => {
    const due = planDue([job(1), job(2, { type: 'email' }), job(3, { type: 'digest' })]);
    expect(due.retries.map((j) => j.id)).toEqual([2]);
    expect(due.waits.map((j) => j.id)).toEqual([1, 3]);
  });
});

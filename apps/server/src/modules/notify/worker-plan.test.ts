import { type TWorkflowStep, ZWorkflowStep } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import type { SubscriberRow } from './subscribers.repository';
import type { WorkflowSnapshot } from './trigger.service';
import type { EventRow, PreferenceRow, QueuedJob } from './worker.repository';
import { planBatch, type WorkerBatch } from './worker-plan';

/** The worker's plan without a database: every decision it takes, from rows built here. */

const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

const step = (fields: Record<string, unknown>): TWorkflowStep =>
  ZWorkflowStep.parse({ name: String(fields.id), metadata: {}, ...fields });

function workflowOf(steps: TWorkflowStep[], extra: Partial<WorkflowSnapshot> = {}): WorkflowSnapshot {
  return {
    id: 7,
    name: 'Shift report',
    triggerIdentifier: 'shift-report',
    critical: false,
    tags: [],
    steps,
    preferenceSettings: {},
    ...extra,
  } as WorkflowSnapshot;
}

function subscriber(id: number, fields: Partial<SubscriberRow> = {}): SubscriberRow {
  return {
    id,
    environmentId: 1,
    organizationId: 2,
    subscriberId: `user-${id}`,
    firstName: `First${id}`,
    lastName: null,
    email: `user${id}@example.test`,
    phone: null,
    avatar: null,
    locale: null,
    data: '{}',
    channels: '[]',
    isOnline: 0,
    lastOnlineAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  } as SubscriberRow;
}

function job(id: number, stepId: string, fields: Partial<QueuedJob> = {}): QueuedJob {
  return {
    id,
    environmentId: 1,
    organizationId: 2,
    eventId: 30,
    notificationId: 100 + id,
    subscriberId: 1,
    workflowId: 7,
    transactionId: 'tx-1',
    stepId,
    stepIndex: 0,
    type: 'in_app',
    attempts: 0,
    ...fields,
  };
}

function batchOf(
  workflow: WorkflowSnapshot,
  jobs: QueuedJob[],
  fields: {
    payload?: unknown;
    eventActor?: string | null;
    preferences?: PreferenceRow[];
  } = {},
): WorkerBatch {
  const event = {
    id: 30,
    environmentId: 1,
    organizationId: 2,
    transactionId: 'tx-1',
    workflowId: workflow.id,
    triggerIdentifier: workflow.triggerIdentifier,
    workflow: JSON.stringify(workflow),
    recipients: '[]',
    payload: JSON.stringify(fields.payload ?? { station: 'Andheri' }),
    overrides: '{}',
    actor: fields.eventActor ?? null,
    tenant: null,
    source: null,
    status: 'processing',
    createdAt: NOW,
    canceledAt: null,
  } as EventRow;
  return {
    eventId: 30,
    jobs,
    event,
    workflow,
    subscribers: new Map([
      [1, subscriber(1)],
      [2, subscriber(2)],
    ]),
    actor: undefined,
    preferences: fields.preferences ?? [],
    feeds: new Map(),
    digests: new Map(),
    stepMessages: new Map(),
  };
}

const plan = (batch: WorkerBatch, answers = new Map<string, Record<string, unknown> | null>()) =>
  planBatch(batch, { now: NOW, webhookAnswers: answers, filesHost: undefined });

describe('planBatch (the worker without I/O)', () => {
  it('renders an in-app message per job and completes the job', () => {
    const workflow = workflowOf([
      step({ id: 'inbox', type: 'in_app', content: 'Hi {{subscriber.firstName}} at {{station}}' }),
    ]);
    const result = plan(batchOf(workflow, [job(1, 'inbox'), job(2, 'inbox', { subscriberId: 2 })]));
    expect(result.messages.map((m) => [m.jobId, m.content, m.severity])).toEqual([
      [1, 'Hi First1 at Andheri', 'none'],
      [2, 'Hi First2 at Andheri', 'none'],
    ]);
    expect(result.transitions).toEqual({ completed: [1, 2], skipped: [], failed: [], running: [] });
    expect(result.details.map((d) => [d.jobId, d.code, d.status])).toEqual([
      [1, 1007, 'Success'],
      [2, 1007, 'Success'],
    ]);
    expect(result.deliveries).toEqual([]);
    expect(result.questions).toEqual([]);
  });

  it('renders a payload-only step once for the batch and per-subscriber parts per job', () => {
    const workflow = workflowOf([
      step({
        id: 'news',
        type: 'in_app',
        content: '<b>{{station}}</b>',
        subject: '{{uppercase station}}',
        cta: { type: 'redirect', data: { url: '/stations/{{station}}' } },
      }),
      step({
        id: 'nested',
        type: 'in_app',
        content: '{{#each items}}{{name}} for {{../subscriber.firstName}}; {{/each}}',
      }),
    ]);
    const batch = batchOf(
      workflow,
      [
        job(1, 'news'),
        job(2, 'news', { subscriberId: 2 }),
        job(3, 'nested'),
        job(4, 'nested', { subscriberId: 2 }),
      ],
      { payload: { station: 'Baner', items: [{ name: 'Diesel' }] } },
    );
    const result = plan(batch);
    expect(result.messages.map((m) => [m.jobId, m.content, m.subject, m.cta])).toEqual([
      [1, '<b>Baner</b>', 'BANER', JSON.stringify({ type: 'redirect', data: { url: '/stations/Baner' } })],
      [2, '<b>Baner</b>', 'BANER', JSON.stringify({ type: 'redirect', data: { url: '/stations/Baner' } })],
      [3, 'Diesel for First1; ', null, null],
      [4, 'Diesel for First2; ', null, null],
    ]);
    expect(result.transitions.completed).toEqual([1, 2, 3, 4]);
  });

  it('fails a job whose step or subscriber is gone', () => {
    const workflow = workflowOf([step({ id: 'inbox', type: 'in_app', content: 'x' })]);
    const result = plan(batchOf(workflow, [job(1, 'missing'), job(2, 'inbox', { subscriberId: 99 })]));
    expect(result.messages).toEqual([]);
    expect(result.transitions.failed).toEqual([1, 2]);
    expect(result.details.map((d) => d.code)).toEqual([1002, 3001]);
  });

  it('skips a channel the subscriber turned off, unless the workflow is critical', () => {
    const steps = [step({ id: 'inbox', type: 'in_app', content: 'x' })];
    const preferences = [{ subscriberId: 1, workflowId: 7, enabled: 1, channels: '{"in_app":false}' }];
    const off = plan(batchOf(workflowOf(steps), [job(1, 'inbox')], { preferences }));
    expect(off.transitions.skipped).toEqual([1]);
    expect(off.details[0]?.detail).toBe('Step skipped: the subscriber turned in_app off');
    const critical = plan(batchOf(workflowOf(steps, { critical: true }), [job(1, 'inbox')], { preferences }));
    expect(critical.transitions.completed).toEqual([1]);
  });

  it('skips a step whose conditions do not match the payload', () => {
    const filters = [
      {
        isNegated: false,
        type: 'GROUP',
        value: 'AND',
        children: [{ on: 'payload', field: 'station', value: 'Pune', operator: 'EQUAL' }],
      },
    ];
    const workflow = workflowOf([step({ id: 'inbox', type: 'in_app', content: 'x', filters })]);
    const result = plan(batchOf(workflow, [job(1, 'inbox')]));
    expect(result.transitions.skipped).toEqual([1]);
    expect(result.details[0]?.detail).toBe('Step skipped: its conditions did not match');
  });

  it('hands channel jobs to delivery (running) with the next attempt number', () => {
    const workflow = workflowOf([
      step({ id: 'mail', type: 'email', subject: 'Report', content: '<p>{{station}}</p>' }),
    ]);
    const result = plan(batchOf(workflow, [job(1, 'mail', { type: 'email', attempts: 2 })]));
    expect(result.messages).toEqual([]);
    expect(result.transitions).toEqual({ completed: [], skipped: [], failed: [], running: [1] });
    expect(result.details).toEqual([]);
    expect(result.deliveries.map((task) => [task.job.id, task.channel, task.attempt])).toEqual([
      [1, 'email', 3],
    ]);
  });

  it('warns of missing payload variables and of an actor without an avatar', () => {
    const workflow = workflowOf([
      step({ id: 'inbox', type: 'in_app', content: '{{pump}} stopped', actor: { type: 'user' } }),
    ]);
    const result = plan(
      batchOf(workflow, [job(1, 'inbox')], { eventActor: JSON.stringify({ subscriberId: 'ghost' }) }),
    );
    expect(result.transitions.completed).toEqual([1]);
    expect(result.details.map((d) => d.code)).toEqual([1007, 3011, 3012]);
    expect(result.details[2]?.detail).toContain('actor "ghost" not found');
  });

  it('keeps jobs queued (no transition) until their step webhook is answered', () => {
    const filters = [
      {
        isNegated: false,
        type: 'GROUP',
        value: 'AND',
        children: [
          {
            on: 'webhook',
            webhookUrl: 'https://hooks.example.test/ok',
            field: 'send',
            value: 'yes',
            operator: 'EQUAL',
          },
        ],
      },
    ];
    const workflow = workflowOf([step({ id: 'inbox', type: 'in_app', content: 'x', filters })]);
    const batch = batchOf(workflow, [job(1, 'inbox')]);
    const waiting = plan(batch);
    expect(waiting.questions).toHaveLength(1);
    expect(waiting.transitions).toEqual({ completed: [], skipped: [], failed: [], running: [] });
    expect(waiting.details).toEqual([]);
  });

  it('drops unsafe call-to-action links and keeps safe ones', () => {
    const workflow = workflowOf([
      step({
        id: 'inbox',
        type: 'in_app',
        content: 'x',
        cta: { type: 'redirect', data: { url: '{{link}}' } },
      }),
    ]);
    const unsafe = plan(batchOf(workflow, [job(1, 'inbox')], { payload: { link: 'javascript:alert(1)' } }));
    expect(unsafe.messages[0]?.cta).toBeNull();
    const safe = plan(batchOf(workflow, [job(1, 'inbox')], { payload: { link: '/stations/1' } }));
    expect(JSON.parse(safe.messages[0]?.cta ?? 'null')).toEqual({
      type: 'redirect',
      data: { url: '/stations/1' },
    });
  });

  it('fails a job whose template does not render, with the first line of the error', () => {
    const workflow = workflowOf([step({ id: 'inbox', type: 'in_app', content: '{{#if}}' })]);
    const result = plan(batchOf(workflow, [job(1, 'inbox')]));
    expect(result.transitions.failed).toEqual([1]);
    expect(result.details[0]?.code).toBe(3013);
  });
});

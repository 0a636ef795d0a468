import type { TNotifyChannel, TWidgetCta, TWorkflowStep } from '@forecourt/contracts';
import type { PreviousStepState } from './conditions';
import { stepConditionsMatch } from './conditions';
import type { DeliveryChannel, DeliveryTask } from './delivery/plan';
import { type DigestResult, digestStepVariables } from './digest';
import { EXECUTION_TEXT, type ExecutionDetailInput } from './execution-details.repository';
import { type StepWebhookQuestion, stepWebhookUrls, webhookKey } from './step-webhooks';
import type { SubscriberRow } from './subscribers.repository';
import { missingPayloadVariables, renderContent, rendersSameForEveryJob } from './templates';
import type { WorkflowSnapshot } from './trigger.service';
import type { EventRow, NewMessage, PreferenceRow, QueuedJob } from './worker.repository';

/**
 * The worker's decisions for one batch of an event's queued jobs, without I/O: which jobs become
 * in-app messages (rendered), which are handed to delivery (email, SMS, chat, push), which are
 * skipped or fail and why, which wait for step-webhook answers, and the execution details of each.
 * worker.ts loads the batch (worker.repository.ts), plans it here and settles the plan.
 */

/** What one batch plans from: read by `loadBatch` (worker.ts). */
export type WorkerBatch = {
  eventId: number;
  jobs: readonly QueuedJob[];
  event: EventRow;
  workflow: WorkflowSnapshot;
  subscribers: ReadonlyMap<number, SubscriberRow>;
  /** The trigger's actor, when it named one that exists. */
  actor: SubscriberRow | undefined;
  preferences: readonly PreferenceRow[];
  /** Feed ids by identifier (the in-app steps' feeds). */
  feeds: ReadonlyMap<string, number>;
  /** Fired digests per notification (steps after a digest read its events). */
  digests: ReadonlyMap<number, DigestResult[]>;
  /** Earlier steps' in-app messages per notification and step (previousStep conditions). */
  stepMessages: ReadonlyMap<number, Map<string, PreviousStepState>>;
};

/** Step-webhook answers by question (webhookKey); null when the webhook did not answer. */
export type WebhookAnswers = Map<string, Record<string, unknown> | null>;

export type PlanContext = { now: number; webhookAnswers: WebhookAnswers; filesHost: string | undefined };

/** A job's state after the batch; jobs waiting for webhook answers stay queued (absent). */
export type JobTransition = 'completed' | 'skipped' | 'failed' | 'running';

export type WorkerPlan = {
  messages: NewMessage[];
  /** Email, SMS, chat and push jobs: claimed (running), sent after the commit (delivery/). */
  deliveries: DeliveryTask[];
  /** Job ids per new state, in job order. */
  transitions: Record<JobTransition, number[]>;
  /** Execution details (outcomes in job order, then warnings); settle adds their message ids. */
  details: Omit<ExecutionDetailInput, 'messageId'>[];
  /** Webhook conditions not asked yet: their jobs wait (stay queued) until the answers are in. */
  questions: StepWebhookQuestion[];
};

type Outcome = {
  status: 'completed' | 'skipped' | 'failed';
  error?: string;
  detail: Omit<ExecutionDetailInput, 'environmentId' | 'organizationId' | 'createdAt'>;
};

export type Preference = { enabled: boolean; channels: Partial<Record<TNotifyChannel, boolean>> };

/** Which channels of which workflows a subscriber turned off. */
export function channelAllowed(
  workflow: Pick<WorkflowSnapshot, 'critical' | 'preferenceSettings'>,
  channel: TNotifyChannel,
  global: Preference | undefined,
  own: Preference | undefined,
): boolean {
  if (workflow.critical) return true;
  if (global && (!global.enabled || global.channels[channel] === false)) return false;
  if (own && !own.enabled) return false;
  return own?.channels[channel] ?? workflow.preferenceSettings[channel] ?? true;
}

function subscriberVariables(row: SubscriberRow) {
  return {
    subscriberId: row.subscriberId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar,
    locale: row.locale,
    data: JSON.parse(row.data) as Record<string, unknown>,
  };
}

/**
 * A rendered link the inbox may follow: http(s), mailto, or a path on the app; anything else
 * (`javascript:`, `data:`…, which payload values could smuggle in) becomes no link.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  // Browsers ignore control characters and spaces inside a scheme (`java\tscript:`).
  const compact = [...trimmed].filter((char) => char.charCodeAt(0) > 0x20).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto'
    ? trimmed
    : '';
}

/** The rendered call to action; none when it has neither a URL nor buttons. */
function renderCta(
  cta: TWorkflowStep['cta'],
  context: Record<string, unknown>,
  filesHost: string | undefined,
): TWidgetCta | undefined {
  if (!cta) return undefined;
  const render = (source: string | undefined) => renderContent(source, context, 'text', filesHost);
  const url = safeUrl(render(cta.data.url));
  const buttons = (cta.action?.buttons ?? []).map((button) => ({
    type: button.type,
    content: render(button.content),
    ...(button.resultContent === undefined ? {} : { resultContent: render(button.resultContent) }),
    ...(button.url === undefined ? {} : { url: safeUrl(render(button.url)) }),
    ...(button.target === undefined ? {} : { target: button.target }),
  }));
  if (url === '' && buttons.length === 0) return undefined;
  return {
    type: 'redirect',
    data: url === '' ? {} : { url },
    ...(buttons.length > 0 ? { action: { status: cta.action?.status ?? 'pending', buttons } } : {}),
  };
}

/** The nearest in-app step before `stepId`: what a previousStep condition without a step reads. */
function previousInAppStepId(workflow: WorkflowSnapshot, stepId: string): string | undefined {
  const index = workflow.steps.findIndex((step) => step.id === stepId);
  return workflow.steps
    .slice(0, Math.max(0, index))
    .reverse()
    .find((step) => step.type === 'in_app')?.id;
}

/** The template sources an in-app message renders: content, subject and the call to action. */
function inAppSources(step: TWorkflowStep): (string | undefined)[] {
  const buttons = step.cta?.action?.buttons ?? [];
  return [
    step.content,
    step.subject,
    step.cta?.data.url,
    ...buttons.flatMap((button) => [button.content, button.resultContent, button.url]),
  ];
}

/** What an in-app step renders for a job: its message's content, subject and call to action. */
type RenderedInApp = { content: string; subject: string | null; cta: string | null };

/** A render's outcome, kept so a render shared by every job fails every job the same way. */
type RenderOutcome = { ok: true; value: RenderedInApp } | { ok: false; error: unknown };

/** Plans one batch: pure (the clock, the webhook answers and the files host come in `context`). */
export function planBatch(batch: WorkerBatch, context: PlanContext): WorkerPlan {
  const { eventId, jobs, event, workflow, subscribers, actor, feeds, digests, stepMessages } = batch;
  const { now, webhookAnswers, filesHost } = context;
  const payload = JSON.parse(event.payload) as Record<string, unknown>;
  const { attachments: _attachments, ...messagePayload } = payload;
  const tenant = event.tenant === null ? null : (JSON.parse(event.tenant) as unknown);
  const actorId =
    event.actor === null ? null : (JSON.parse(event.actor) as { subscriberId: string }).subscriberId;
  const preferences = new Map<string, Preference>(
    batch.preferences.map((row) => [
      `${row.subscriberId}:${row.workflowId}`,
      { enabled: row.enabled === 1, channels: JSON.parse(row.channels) as Preference['channels'] },
    ]),
  );
  const steps = new Map(workflow.steps.map((step) => [step.id, step]));
  const questions: StepWebhookQuestion[] = [];
  // Per step, not per job: what depends only on the step and the event (the payload is the
  // event's), and the render of steps whose templates read nothing per subscriber.
  const payloadText = JSON.stringify(messagePayload);
  const actorVariables = actor ? subscriberVariables(actor) : null;
  const missingByStep = new Map<string, string[]>();
  const sharedRenders = new Map<string, RenderOutcome | null>();
  const renderInApp = (step: TWorkflowStep, context: Record<string, unknown>): RenderedInApp => {
    const content = renderContent(step.content, context, 'html', filesHost);
    const cta = renderCta(step.cta, context, filesHost);
    return {
      content,
      subject: step.subject ? renderContent(step.subject, context, 'text', filesHost) : null,
      cta: cta === undefined ? null : JSON.stringify(cta),
    };
  };
  const rendered = (step: TWorkflowStep, context: () => Record<string, unknown>): RenderedInApp => {
    let shared = sharedRenders.get(step.id);
    if (shared === undefined) {
      shared = inAppSources(step).every(rendersSameForEveryJob)
        ? (() => {
            try {
              return { ok: true as const, value: renderInApp(step, context()) };
            } catch (error) {
              return { ok: false as const, error };
            }
          })()
        : null;
      sharedRenders.set(step.id, shared);
    }
    if (shared === null) return renderInApp(step, context());
    if (shared.ok) return shared.value;
    throw shared.error;
  };

  const messages: NewMessage[] = [];
  const outcomes = new Map<number, Outcome>();
  // Warnings beside a job's outcome: missing payload variables (3011), no actor avatar (3012).
  const warnings: Outcome['detail'][] = [];
  // Email, SMS, chat and push jobs: claimed here (running), sent after the commit (delivery/).
  const deliveries: DeliveryTask[] = [];
  for (const job of jobs) {
    const step = steps.get(job.stepId);
    const subscriber = subscribers.get(job.subscriberId);
    const base = {
      eventId,
      notificationId: job.notificationId,
      jobId: job.id,
      subscriberId: job.subscriberId,
      workflowId: job.workflowId,
      transactionId: job.transactionId,
      channel: job.type,
    };
    if (!step || !subscriber) {
      outcomes.set(job.id, {
        status: 'failed',
        error: !step ? 'step not found' : 'subscriber not found',
        detail: {
          ...base,
          code: !step ? 1002 : 3001,
          status: 'Failed',
          detail: EXECUTION_TEXT[!step ? 1002 : 3001],
        },
      });
      continue;
    }
    // Built once per job, and only when something reads it (a shared render does not).
    let subscriberVariablesOfJob: ReturnType<typeof subscriberVariables> | undefined;
    const subscriberData = () => {
      subscriberVariablesOfJob ??= subscriberVariables(subscriber);
      return subscriberVariablesOfJob;
    };
    const question = (url: string): StepWebhookQuestion => ({
      url,
      body: {
        transactionId: job.transactionId,
        workflow: workflow.triggerIdentifier,
        step: { id: step.id, type: step.type },
        subscriber: subscriberData(),
        payload: messagePayload,
        tenant,
      },
    });
    const unasked =
      step.filters.length === 0
        ? []
        : stepWebhookUrls(step.filters)
            .map(question)
            .filter((q) => !webhookAnswers.has(webhookKey(q)));
    if (unasked.length > 0) {
      questions.push(...unasked);
      continue;
    }
    const earlier = stepMessages.get(job.notificationId);
    const conditionContext = () => ({
      payload,
      subscriber: {
        ...subscriberData(),
        isOnline: subscriber.isOnline === 1,
        lastOnlineAt: subscriber.lastOnlineAt,
      },
      tenant: tenant && typeof tenant === 'object' ? (tenant as Record<string, unknown>) : null,
      now,
      webhook: (url: string) => webhookAnswers.get(webhookKey(question(url))),
      previousStep: (stepId: string | undefined) =>
        earlier?.get(stepId ?? previousInAppStepId(workflow, step.id) ?? '') ?? null,
    });
    if (step.filters.length > 0 && !stepConditionsMatch(step.filters, conditionContext())) {
      outcomes.set(job.id, {
        status: 'skipped',
        detail: {
          ...base,
          code: 1009,
          status: 'Warning',
          detail: 'Step skipped: its conditions did not match',
        },
      });
      continue;
    }
    const channel = step.type as TNotifyChannel;
    const allowed = channelAllowed(
      workflow,
      channel,
      preferences.get(`${subscriber.id}:0`),
      preferences.get(`${subscriber.id}:${workflow.id}`),
    );
    if (!allowed) {
      outcomes.set(job.id, {
        status: 'skipped',
        detail: {
          ...base,
          code: 1009,
          status: 'Warning',
          detail: `Step skipped: the subscriber turned ${channel} off`,
        },
      });
      continue;
    }
    const context = () => ({
      ...payload,
      payload,
      subscriber: subscriberData(),
      actor: actorVariables,
      tenant,
      step: digestStepVariables(digests.get(job.notificationId), job.stepIndex),
    });
    let missing = missingByStep.get(step.id);
    if (missing === undefined) {
      missing = missingPayloadVariables(
        // The link of a call to action is optional by design (no URL: no link).
        [step.content, step.subject, ...(step.cta?.action?.buttons ?? []).map((b) => b.content)],
        payload,
      );
      missingByStep.set(step.id, missing);
    }
    if (missing.length > 0) {
      warnings.push({
        ...base,
        code: 3011,
        status: 'Warning',
        detail: `${EXECUTION_TEXT[3011]}: ${missing.join(', ')} (rendered empty)`,
      });
    }
    if (channel !== 'in_app') {
      deliveries.push({
        job: { ...job, eventId },
        attempt: job.attempts + 1,
        channel: channel as DeliveryChannel,
        step,
        subscriber,
        context: context(),
        workflow: workflow.triggerIdentifier,
        payload: messagePayload,
      });
      continue;
    }
    try {
      const { content, subject, cta } = rendered(step, context);
      if (step.actor?.type === 'user' && !actor?.avatar) {
        warnings.push({
          ...base,
          code: 3012,
          status: 'Warning',
          detail: `${EXECUTION_TEXT[3012]}: ${
            actorId === null
              ? 'the trigger named no actor'
              : actor
                ? 'the actor has no avatar'
                : `actor "${actorId}" not found`
          }`,
        });
      }
      const actorSetting =
        step.actor && step.actor.type !== 'none'
          ? {
              type: step.actor.type,
              data: step.actor.type === 'user' ? (actor?.avatar ?? null) : (step.actor.data ?? null),
            }
          : null;
      messages.push({
        environmentId: event.environmentId,
        organizationId: event.organizationId,
        subscriberId: subscriber.id,
        notificationId: job.notificationId,
        jobId: job.id,
        eventId,
        workflowId: job.workflowId,
        feedId: step.feedIdentifier ? (feeds.get(step.feedIdentifier) ?? null) : null,
        channel: 'in_app',
        stepId: step.id,
        templateIdentifier: workflow.triggerIdentifier,
        transactionId: job.transactionId,
        content,
        subject,
        cta,
        payload: payloadText,
        actor: actorSetting === null ? null : JSON.stringify(actorSetting),
        actorSubscriberId: actorSetting?.type === 'user' ? (actor?.id ?? null) : null,
        severity: workflow.severity ?? 'none',
        createdAt: now,
        updatedAt: now,
      });
      outcomes.set(job.id, {
        status: 'completed',
        detail: { ...base, code: 1007, status: 'Success', detail: EXECUTION_TEXT[1007] },
      });
    } catch (error) {
      const message =
        error instanceof Error ? (error.message.split('\n')[0] ?? 'template error') : 'template error';
      outcomes.set(job.id, {
        status: 'failed',
        error: message,
        detail: { ...base, code: 3013, status: 'Failed', detail: `${EXECUTION_TEXT[3013]}: ${message}` },
      });
    }
  }

  const delivering = new Set(deliveries.map((task) => task.job.id));
  const transitions: Record<JobTransition, number[]> = {
    completed: [],
    skipped: [],
    failed: [],
    running: [],
  };
  for (const job of jobs) {
    if (delivering.has(job.id)) transitions.running.push(job.id);
    else {
      const outcome = outcomes.get(job.id);
      if (outcome) transitions[outcome.status].push(job.id);
    }
  }
  const stamp = { environmentId: event.environmentId, organizationId: event.organizationId, createdAt: now };
  const details: WorkerPlan['details'] = jobs.flatMap((job) => {
    const outcome = outcomes.get(job.id);
    // Being delivered: settled by delivery/deliver.ts.
    return outcome ? [{ ...outcome.detail, ...stamp }] : [];
  });
  details.push(...warnings.map((warning) => ({ ...warning, ...stamp })));
  return { messages, deliveries, transitions, details, questions };
}

import type { TExecutionCode, TNotifyChannel } from '@forecourt/contracts';
import type { Db } from '../../../db/database';
import {
  EXECUTION_TEXT,
  type ExecutionDetailInput,
  insertExecutionDetails,
} from '../execution-details.repository';
import { activeIntegrations, type LiveIntegration } from '../integrations.service';
import { completeFinishedNotifications } from '../notification-completion';
import type { NotifyDeps } from '../notify.deps';
import { removeDeviceTokens } from '../subscribers.repository';
import { type AttemptRow, attemptsOfJobs, markAttemptsSettled, recordAttempt } from './attempts.repository';
import { idempotencyKey, sendContext } from './context';
import { settleDeliveredJob, upsertDeliveredMessage } from './delivered-jobs.repository';
import { KeyedLimiter } from './limiter';
import { backoffMs, DEFAULT_CONCURRENCY, type DeliveryOptions, maxAttempts } from './options';
import { createVendorHttp } from './outbound';
import {
  type Candidate,
  type DeliveryChannel,
  type DeliveryTask,
  type Plan,
  PROVIDER_ERROR,
  planDelivery,
  type Slot,
} from './plan';
import { DeliveryError, type SendOutcome, type VendorHttp } from './vendor';

export type { DeliveryChannel, DeliveryTask } from './plan';

/**
 * Email, SMS, chat and push jobs (docs/PROVIDERS.md "How delivery works"). The worker claims
 * their jobs in its transaction (status `running`) and hands them here after the commit, so no
 * database transaction waits on a provider. For each job: plan (render, pick integrations), send
 * each slot through its adapter — every answer recorded at once in notify_delivery_attempts, the
 * "sent" marker — then settle in one short transaction: the job completed, failed, or `delayed`
 * until its next attempt (transient failures, exponential back-off with jitter, Retry-After
 * honoured, a bounded number of attempts), its message record, and the execution details of
 * every attempt. A job run again after a crash between send and settle finds its sends recorded
 * and settles from them instead of sending again.
 */

type DeliveryDeps = Pick<NotifyDeps, 'db' | 'now' | 'keys' | 'log'> & { delivery?: DeliveryOptions };

/** Jobs settled per transaction (their sends run at the same time, bounded per provider). */
const SETTLE_SLICE = 100;

type Detail = {
  code: TExecutionCode;
  status: 'Success' | 'Failed' | 'Warning' | 'Pending';
  detail: string;
  raw?: string | null;
};
type Result = {
  status: 'completed' | 'failed' | 'delayed';
  runAt?: number;
  details: Detail[];
  /** Recorded sends whose details are in `details` (marked settled). */
  settledAttempts: number[];
  message?: { content: string; subject: string | null; status: 'sent' | 'error' };
};

const limiters = new WeakMap<object, KeyedLimiter>();
const NO_OPTIONS: DeliveryOptions = {};

/** One limiter per options object (per server): sends per provider at once. */
function limiterOf(options: DeliveryOptions): KeyedLimiter {
  let limiter = limiters.get(options);
  if (!limiter) {
    limiter = new KeyedLimiter(
      (provider) => options.providerConcurrency?.[provider] ?? options.concurrency ?? DEFAULT_CONCURRENCY,
    );
    limiters.set(options, limiter);
  }
  return limiter;
}

const errorText = (error: unknown) =>
  error instanceof DeliveryError ? error.message : error instanceof Error ? error.message : 'failed';

/** The execution detail of one recorded send. */
function attemptDetail(channel: DeliveryChannel, row: AttemptRow, last: boolean): Detail {
  if (row.outcome === 'sent') return { code: 1009, status: 'Success', detail: row.detail, raw: row.raw };
  const retried = row.kind === 'transient' && !last;
  return {
    code: PROVIDER_ERROR[channel],
    status: retried ? 'Warning' : 'Failed',
    detail: row.detail,
    raw: row.raw,
  };
}

type Runtime = {
  deps: DeliveryDeps;
  options: DeliveryOptions;
  http: VendorHttp;
  limiter: KeyedLimiter;
};

/** Sends one candidate and records the answer before anything else happens. */
async function sendOnce(runtime: Runtime, task: DeliveryTask, candidate: Candidate): Promise<AttemptRow> {
  const { integration, sender } = candidate;
  const { deps, options } = runtime;
  const ctx = sendContext(
    integration,
    options,
    runtime.http,
    idempotencyKey(task.job, integration.row.id),
    deps.now,
  );
  const name = `${integration.provider.displayName} (${integration.row.identifier})`;
  let outcome: SendOutcome | undefined;
  let failure: unknown;
  try {
    outcome = await runtime.limiter.run(integration.provider.id, () =>
      // The plan matched message and sender by channel.
      (sender.send as (c: typeof ctx, m: Candidate['message']) => Promise<SendOutcome>)(
        ctx,
        candidate.message,
      ),
    );
  } catch (error) {
    failure = error;
    if (!(error instanceof DeliveryError))
      deps.log.error(
        { err: error, jobId: task.job.id, providerId: integration.provider.id },
        'adapter failed',
      );
  }
  const invalid = outcome?.invalidTokens ?? (failure instanceof DeliveryError ? failure.invalidTokens : []);
  if (invalid && invalid.length > 0) {
    const removed = await removeDeviceTokens(
      deps.db,
      task.job.subscriberId,
      integration.provider.id,
      invalid,
    );
    deps.log.info({ jobId: task.job.id, removed }, 'invalid push tokens removed');
  }
  const kind = failure instanceof DeliveryError ? failure.kind : failure === undefined ? null : 'transient';
  const tokensNote =
    invalid && invalid.length > 0 ? `; ${invalid.length} invalid device token(s) removed` : '';
  return recordAttempt(deps.db, {
    organizationId: task.job.organizationId,
    environmentId: task.job.environmentId,
    integrationId: integration.row.id,
    providerId: integration.provider.id,
    jobId: task.job.id,
    sendKey: candidate.key,
    attempt: task.attempt,
    outcome: failure === undefined ? 'sent' : 'failed',
    kind,
    detail: (failure === undefined
      ? `Message sent through ${name}${tokensNote}`
      : `${EXECUTION_TEXT[PROVIDER_ERROR[task.channel]]}: ${name}: ${errorText(failure)} (attempt ${task.attempt}, ${kind})${tokensNote}`
    ).slice(0, 500),
    raw:
      (failure === undefined
        ? outcome?.raw
        : failure instanceof DeliveryError
          ? failure.raw
          : undefined
      )?.slice(0, 300) ?? null,
    vendorMessageId: outcome?.messageId?.slice(0, 200) ?? null,
    retryAfterMs: failure instanceof DeliveryError ? (failure.retryAfterMs ?? null) : null,
    createdAt: deps.now(),
  });
}

type SlotState = 'sent' | 'failed' | 'transient';

/**
 * One slot: done when a send of its chain is recorded as sent; else the first candidate without
 * a permanent failure is tried (a permanent failure moves on to the next, a transient one ends
 * this attempt). Returns the state and the newest recorded attempt.
 */
async function runSlot(
  runtime: Runtime,
  task: DeliveryTask,
  slot: Slot,
  recorded: AttemptRow[],
): Promise<{ state: SlotState; last?: AttemptRow }> {
  const of = (key: string) => recorded.filter((row) => row.sendKey === key);
  const sent = slot.chain.flatMap((c) => of(c.key)).find((row) => row.outcome === 'sent');
  if (sent) return { state: 'sent', last: sent };
  let last: AttemptRow | undefined;
  for (const candidate of slot.chain) {
    const earlier = of(candidate.key);
    const permanent = earlier.find((row) => row.outcome === 'failed' && row.kind === 'permanent');
    if (permanent) {
      last = permanent;
      continue;
    }
    // Attempted in this run already (a crashed run's answer was recorded, then the job re-ran).
    const now = earlier.find((row) => row.attempt === task.attempt);
    const row = now ?? (await sendOnce(runtime, task, candidate));
    if (!now) recorded.push(row);
    last = row;
    if (row.outcome === 'sent') return { state: 'sent', last: row };
    if (row.kind !== 'permanent') return { state: 'transient', last: row };
  }
  return { state: 'failed', ...(last ? { last } : {}) };
}

async function deliverOne(
  runtime: Runtime,
  task: DeliveryTask,
  plan: Plan,
  recorded: AttemptRow[],
): Promise<Result> {
  if (!plan.ok)
    return {
      status: 'failed',
      details: [{ code: plan.code, status: 'Failed', detail: plan.detail }],
      settledAttempts: [],
    };
  const outcomes = await Promise.all(plan.slots.map((slot) => runSlot(runtime, task, slot, recorded)));
  const sentAny = outcomes.some((o) => o.state === 'sent');
  const pending = outcomes.filter((o) => o.state === 'transient');
  const limit = maxAttempts(runtime.options);
  const retry = pending.length > 0 && task.attempt < limit;
  const unsettled = recorded.filter((row) => row.settled === 0);
  const final = !retry;
  const details = unsettled.map((row) => attemptDetail(task.channel, row, final));
  if (retry) {
    const retryAfter = Math.max(0, ...pending.map((o) => o.last?.retryAfterMs ?? 0));
    const runAt = runtime.deps.now() + backoffMs(runtime.options, task.attempt, retryAfter);
    details.push({
      code: PROVIDER_ERROR[task.channel],
      status: 'Pending',
      detail: `Attempt ${task.attempt + 1} of ${limit} at ${new Date(runAt).toISOString()}`,
    });
    return { status: 'delayed', runAt, details, settledAttempts: unsettled.map((row) => row.id) };
  }
  if (!sentAny) {
    const last = outcomes.map((o) => o.last).find(Boolean);
    const text = EXECUTION_TEXT[PROVIDER_ERROR[task.channel]];
    details.push({
      code: PROVIDER_ERROR[task.channel],
      status: 'Failed',
      detail:
        pending.length > 0
          ? `${text}: gave up after ${task.attempt} attempt${task.attempt === 1 ? '' : 's'}`
          : `${text}: ${last?.detail.replace(/^[^:]*: /, '') ?? 'not sent'}`.slice(0, 500),
    });
  }
  return {
    status: sentAny ? 'completed' : 'failed',
    details,
    settledAttempts: unsettled.map((row) => row.id),
    message: { ...plan.record, status: sentAny ? 'sent' : 'error' },
  };
}

/** Marks notifications whose jobs are all done as completed, with the "trigger processed" detail. */
async function finishNotifications(trx: Db, tasks: readonly DeliveryTask[], now: number): Promise<void> {
  await insertExecutionDetails(
    trx,
    await completeFinishedNotifications(
      trx,
      tasks.map((task) => task.job),
      now,
    ),
  );
}

async function settle(deps: DeliveryDeps, results: { task: DeliveryTask; result: Result }[]): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    for (const { task, result } of results) {
      const { job } = task;
      await settleDeliveredJob(trx, job.id, result, now);
      let messageId: number | null = null;
      if (result.message) {
        messageId = await upsertDeliveredMessage(trx, {
          environmentId: job.environmentId,
          organizationId: job.organizationId,
          subscriberId: job.subscriberId,
          notificationId: job.notificationId,
          jobId: job.id,
          eventId: job.eventId,
          workflowId: job.workflowId,
          channel: task.channel,
          stepId: task.step.id,
          templateIdentifier: task.workflow,
          transactionId: job.transactionId,
          content: result.message.content,
          subject: result.message.subject,
          payload: JSON.stringify(task.payload),
          status: result.message.status,
          createdAt: now,
          updatedAt: now,
        });
      }
      const details: ExecutionDetailInput[] = result.details.map((detail) => ({
        environmentId: job.environmentId,
        organizationId: job.organizationId,
        eventId: job.eventId,
        notificationId: job.notificationId,
        jobId: job.id,
        subscriberId: job.subscriberId,
        workflowId: job.workflowId,
        messageId,
        transactionId: job.transactionId,
        channel: task.channel,
        code: detail.code,
        status: detail.status,
        detail: detail.detail,
        raw: detail.raw ?? null,
        createdAt: now,
      }));
      await insertExecutionDetails(trx, details);
      await markAttemptsSettled(trx, result.settledAttempts);
    }
    await finishNotifications(
      trx,
      results.map(({ task }) => task),
      now,
    );
  });
}

/** Renders, sends and settles claimed (running) email/SMS/chat/push jobs. */
export async function deliverJobs(deps: DeliveryDeps, tasks: readonly DeliveryTask[]): Promise<void> {
  const options = deps.delivery ?? NO_OPTIONS;
  const runtime: Runtime = {
    deps,
    options,
    http: createVendorHttp({
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.network === undefined ? {} : { network: options.network }),
    }),
    limiter: limiterOf(options),
  };
  const integrationsByEnvironment = new Map<number, Map<TNotifyChannel, LiveIntegration[]>>();
  for (const environmentId of new Set(tasks.map((task) => task.job.environmentId)))
    integrationsByEnvironment.set(environmentId, await activeIntegrations(deps, environmentId));
  for (let start = 0; start < tasks.length; start += SETTLE_SLICE) {
    const slice = tasks.slice(start, start + SETTLE_SLICE);
    const recorded = await attemptsOfJobs(
      deps.db,
      slice.map((task) => task.job.id),
    );
    const results = await Promise.all(
      slice.map(async (task) => {
        const active = integrationsByEnvironment.get(task.job.environmentId)?.get(task.channel) ?? [];
        const own = recorded.filter((row) => row.jobId === task.job.id);
        const result = await deliverOne(
          runtime,
          task,
          planDelivery(task, active, deps.db, options),
          own,
        ).catch((error: unknown): Result => {
          deps.log.error({ err: error, jobId: task.job.id }, 'notification delivery failed unexpectedly');
          const code = PROVIDER_ERROR[task.channel];
          return {
            status: 'failed',
            details: [{ code, status: 'Failed', detail: `${EXECUTION_TEXT[code]}: internal error` }],
            settledAttempts: [],
          };
        });
        return { task, result };
      }),
    );
    await options.beforeSettle?.(slice.map((task) => task.job.id));
    await settle(deps, results);
  }
}

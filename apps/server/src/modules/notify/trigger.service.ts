import { randomUUID } from 'node:crypto';
import {
  type TBroadcastRequest,
  type TEventSource,
  type TRecipient,
  type TSubscriberInput,
  type TTriggerRequest,
  type TTriggerResult,
  ZEventSource,
} from '@forecourt/contracts';
import { AppError } from '../../lib/app-error';
import { EXECUTION_TEXT, insertExecutionDetails } from './execution-details.repository';
import {
  type Audience,
  cancelTransaction,
  insertEvent,
  insertJobs,
  insertNotifications,
  insertReceivedDetails,
} from './fanout.repository';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { insertMissingSubscribers, upsertSubscriber } from './subscribers.repository';
import { findTenant } from './tenants.repository';
import { tenantVariables } from './tenants.service';
import { emptyTopicIds, topicsByKey } from './topics.repository';
import { armWaitingJobs } from './wait-engine';
import { findWorkflowByTrigger } from './workflows.repository';
import { parsePreferenceSettings, parseSteps, parseTags } from './workflows.service';

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'queue' | 'log'> & Partial<Pick<NotifyDeps, 'features'>>;

/** What the worker needs of the workflow, frozen when the trigger arrives. */
export type WorkflowSnapshot = {
  id: number;
  name: string;
  triggerIdentifier: string;
  critical: boolean;
  /** The severity of its in-app messages: the trigger's, else the workflow's. */
  severity?: string;
  tags: string[];
  steps: ReturnType<typeof parseSteps>;
  preferenceSettings: ReturnType<typeof parsePreferenceSettings>;
};

type Recipients = {
  subscribers: TSubscriberInput[];
  bareIds: string[];
  topicKeys: string[];
  /** Recipients given as an empty subscriber id. */
  blank: number;
};

function splitRecipients(to: TRecipient | TRecipient[]): Recipients {
  const out: Recipients = { subscribers: [], bareIds: [], topicKeys: [], blank: 0 };
  for (const recipient of Array.isArray(to) ? to : [to]) {
    if (typeof recipient === 'string') {
      if (recipient.trim() !== '') out.bareIds.push(recipient.trim());
      else out.blank += 1;
    } else if ('topicKey' in recipient) {
      out.topicKeys.push(recipient.topicKey);
    } else {
      const { type: _type, ...subscriber } = recipient as TSubscriberInput & { type?: string };
      out.subscribers.push(subscriber);
    }
  }
  return out;
}

const result = (status: TTriggerResult['status'], transactionId: string, error?: string): TTriggerResult => ({
  acknowledged: true,
  status,
  transactionId,
  ...(error ? { error: [error] } : {}),
});

/**
 * `POST /v1/events/trigger` (and broadcast with `to` = everyone). Checks the workflow, then in one
 * transaction: records the trigger (a repeated transaction id stops here: exactly one effect,
 * also under concurrent requests), creates the subscribers named in `to`, fans out one
 * notification per subscriber and one job per active step with set-based inserts, and queues the
 * work. 422 WORKFLOW_NOT_FOUND for an unknown workflow; other outcomes are a 201 with a status.
 */
export async function triggerEvent(
  deps: Deps,
  environment: EnvironmentRow,
  input: TTriggerRequest | (TBroadcastRequest & { to?: undefined }),
): Promise<TTriggerResult> {
  const transactionId = input.transactionId ?? randomUUID();
  const workflow = await findWorkflowByTrigger(deps.db, environment.id, input.name);
  if (!workflow) {
    throw new AppError(
      'WORKFLOW_NOT_FOUND',
      `workflow_not_found: no workflow has the trigger identifier "${input.name}"`,
    );
  }
  // Outcomes that stop before anything is fanned out still leave a trace in the execution details.
  const refuse = async (code: 1001 | 3004, status: TTriggerResult['status'], error: string) => {
    await recordTriggerDetail(deps, environment, {
      workflowId: workflow.id,
      transactionId,
      code,
      detail: error,
    });
    return result(status, transactionId, error);
  };
  if (workflow.active !== 1) return refuse(1001, 'trigger_not_active', 'The workflow is not active');
  const steps = parseSteps(workflow);
  if (steps.filter((step) => step.type !== 'trigger').length === 0) {
    return result('no_workflow_steps_defined', transactionId, 'The workflow has no steps');
  }
  if (!steps.some((step) => step.active && step.type !== 'trigger')) {
    return result('no_workflow_active_steps_defined', transactionId, 'The workflow has no active steps');
  }
  // With multi-tenancy off, tenants are neither looked up nor passed on.
  const tenant =
    deps.features?.['multi-tenancy'] === false ? null : await resolveTenant(deps, environment, input.tenant);
  if (tenant === 'missing') return result('no_tenant_found', transactionId, 'Tenant not found');

  const broadcast = input.to === undefined;
  const recipients = broadcast ? null : splitRecipients(input.to as TRecipient | TRecipient[]);
  if (
    recipients &&
    recipients.subscribers.length === 0 &&
    recipients.bareIds.length === 0 &&
    recipients.topicKeys.length === 0
  ) {
    return refuse(3004, 'subscriber_id_missing', 'Name at least one subscriber or topic in "to"');
  }
  const actor =
    input.actor === null || input.actor === undefined
      ? null
      : typeof input.actor === 'string'
        ? { subscriberId: input.actor }
        : input.actor;

  const snapshot: WorkflowSnapshot = {
    id: workflow.id,
    name: workflow.name,
    triggerIdentifier: workflow.triggerIdentifier,
    critical: workflow.critical === 1,
    severity: ('severity' in input && input.severity) || workflow.severity,
    tags: parseTags(workflow),
    steps,
    preferenceSettings: parsePreferenceSettings(workflow),
  };
  const payload = JSON.stringify(input.payload ?? {});
  const now = deps.now();

  const eventId = await deps.db.transaction().execute(async (trx) => {
    const id = await insertEvent(
      trx,
      environment,
      {
        transactionId,
        workflowId: workflow.id,
        triggerIdentifier: workflow.triggerIdentifier,
        workflow: JSON.stringify(snapshot),
        recipients: JSON.stringify(broadcast ? [{ type: 'Broadcast' }] : (input.to ?? [])),
        payload,
        overrides: JSON.stringify(input.overrides ?? {}),
        actor: actor === null ? null : JSON.stringify({ subscriberId: actor.subscriberId }),
        tenant: tenant ? JSON.stringify(tenant) : null,
        source: eventSource(input),
      },
      now,
    );
    if (id === null) return null;
    // Sorted, so concurrent triggers naming the same subscribers lock them in the same order.
    const named = [...(recipients?.subscribers ?? [])].sort((a, b) =>
      a.subscriberId.localeCompare(b.subscriberId),
    );
    for (const subscriber of named) await upsertSubscriber(trx, environment, subscriber, now);
    if (actor && Object.keys(actor).length > 1) await upsertSubscriber(trx, environment, actor, now);
    await insertMissingSubscribers(trx, environment, [...(recipients?.bareIds ?? [])].sort(), now);

    let audience: Audience = { kind: 'everyone' };
    if (recipients) {
      const topicsOff = deps.features?.['topic-notification'] === false;
      const topics =
        recipients.topicKeys.length && !topicsOff
          ? await topicsByKey(trx, environment.id, recipients.topicKeys)
          : [];
      const known = new Set(topics.map((topic) => topic.key));
      const unknown = [...new Set(recipients.topicKeys.filter((key) => !known.has(key)))];
      const warnings: { code: 3004 | 4001 | 4002; detail: string }[] = [];
      if (unknown.length > 0) {
        warnings.push({
          code: 4001,
          detail: topicsOff
            ? `Topic notifications are turned off: ${unknown.join(', ')} not notified`
            : `Topic not found: ${unknown.join(', ')}`,
        });
      }
      const empty = await emptyTopicIds(
        trx,
        topics.map((topic) => topic.id),
      );
      if (empty.size > 0) {
        const keys = topics.filter((topic) => empty.has(topic.id)).map((topic) => topic.key);
        warnings.push({
          code: 4002,
          detail: `${EXECUTION_TEXT[4002]}: no subscribers in ${keys.join(', ')}`,
        });
      }
      if (recipients.blank > 0) {
        warnings.push({
          code: 3004,
          detail: `${EXECUTION_TEXT[3004]}: ${recipients.blank} recipient(s) skipped`,
        });
      }
      await insertExecutionDetails(
        trx,
        warnings.map((warning) => ({
          environmentId: environment.id,
          organizationId: environment.organizationId,
          eventId: id,
          notificationId: null,
          jobId: null,
          subscriberId: null,
          workflowId: workflow.id,
          transactionId,
          code: warning.code,
          status: 'Warning' as const,
          detail: warning.detail,
          createdAt: now,
        })),
      );
      audience = {
        kind: 'listed',
        subscriberIds: [...recipients.bareIds, ...recipients.subscribers.map((s) => s.subscriberId)],
        topicIds: topics.map((topic) => topic.id),
        actorSubscriberId: actor?.subscriberId ?? null,
      };
    }
    const event = { id, workflowId: workflow.id, transactionId, payload };
    await insertNotifications(trx, environment, event, audience, now);
    await insertJobs(trx, event, steps, now);
    // Delays and digests get their due time (or join an open digest) in the same transaction.
    await armWaitingJobs(trx, { eventId: id }, now, {
      mergedDigestId: deps.features?.['merged-digest-id'] !== false,
    });
    await insertReceivedDetails(trx, event, now);
    return id;
  });

  if (eventId !== null) deps.queue.enqueue(eventId);
  return result('processed', transactionId);
}

export async function triggerBulk(deps: Deps, environment: EnvironmentRow, events: TTriggerRequest[]) {
  const results: TTriggerResult[] = [];
  for (const event of events) {
    try {
      results.push(await triggerEvent(deps, environment, event));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        acknowledged: false,
        status: 'error',
        ...(event.transactionId ? { transactionId: event.transactionId } : {}),
        error: [error.message],
      });
    }
  }
  return results;
}

export function cancelTrigger(
  deps: Deps,
  environment: EnvironmentRow,
  transactionId: string,
): Promise<boolean> {
  return cancelTransaction(deps.db, environment.id, transactionId, deps.now());
}

type TenantVariables = { identifier: string; name?: string; data?: Record<string, unknown> };

/**
 * The tenant a trigger names, as templates and conditions will see it. By identifier: the stored
 * tenant, or 'missing'. As an object: the stored tenant with the object's name and data laid over
 * it, or the object itself when no tenant has that identifier (an inline tenant).
 */
async function resolveTenant(
  deps: Deps,
  environment: EnvironmentRow,
  given: TTriggerRequest['tenant'],
): Promise<TenantVariables | null | 'missing'> {
  if (given === null || given === undefined) return null;
  const identifier = typeof given === 'string' ? given : given.identifier;
  const row = await findTenant(deps.db, environment.id, identifier);
  if (typeof given === 'string') return row ? tenantVariables(row) : 'missing';
  if (!row) return given;
  const stored = tenantVariables(row);
  return {
    identifier: stored.identifier,
    name: given.name ?? stored.name,
    data: { ...stored.data, ...(given.data ?? {}) },
  };
}

/** An execution detail of a trigger that was refused before any fan-out (no event row). */
async function recordTriggerDetail(
  deps: Deps,
  environment: EnvironmentRow,
  input: { workflowId: number; transactionId: string; code: 1001 | 3004; detail: string },
): Promise<void> {
  await insertExecutionDetails(deps.db, [
    {
      environmentId: environment.id,
      organizationId: environment.organizationId,
      eventId: null,
      notificationId: null,
      jobId: null,
      subscriberId: null,
      workflowId: input.workflowId,
      transactionId: input.transactionId,
      code: input.code,
      status: 'Failed',
      detail: `${EXECUTION_TEXT[input.code]}: ${input.detail}`,
      createdAt: deps.now(),
    },
  ]);
}

/** The trigger's source: `source`, else a known `payload.__source`, else none (a plain API call). */
function eventSource(input: {
  source?: TEventSource | undefined;
  payload?: Record<string, unknown> | null | undefined;
}) {
  if (input.source) return input.source;
  const given = ZEventSource.safeParse(input.payload?.__source);
  return given.success ? given.data : null;
}

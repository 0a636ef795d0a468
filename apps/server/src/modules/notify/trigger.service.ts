import { randomUUID } from 'node:crypto';
import type {
  TBroadcastRequest,
  TRecipient,
  TSubscriberInput,
  TTriggerRequest,
  TTriggerResult,
} from '@forecourt/contracts';
import { AppError } from '../../lib/app-error';
import { insertExecutionDetails } from './execution-details.repository';
import {
  type Audience,
  cancelTransaction,
  insertEvent,
  insertJobs,
  insertNotifications,
  insertReceivedDetails,
} from './fanout.repository';
import type { EnvironmentRow, NotifyDeps } from './notify.deps';
import { armWaitingJobs } from './scheduler';
import { insertMissingSubscribers, upsertSubscriber } from './subscribers.repository';
import { findWorkflowByTrigger } from './workflows.repository';
import { parsePreferenceSettings, parseSteps, parseTags } from './workflows.service';

type Deps = Pick<NotifyDeps, 'db' | 'now' | 'queue' | 'log'>;

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
};

function splitRecipients(to: TRecipient | TRecipient[]): Recipients {
  const out: Recipients = { subscribers: [], bareIds: [], topicKeys: [] };
  for (const recipient of Array.isArray(to) ? to : [to]) {
    if (typeof recipient === 'string') {
      if (recipient.trim() !== '') out.bareIds.push(recipient.trim());
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
  if (workflow.active !== 1) return result('trigger_not_active', transactionId, 'The workflow is not active');
  const steps = parseSteps(workflow);
  if (steps.filter((step) => step.type !== 'trigger').length === 0) {
    return result('no_workflow_steps_defined', transactionId, 'The workflow has no steps');
  }
  if (!steps.some((step) => step.active && step.type !== 'trigger')) {
    return result('no_workflow_active_steps_defined', transactionId, 'The workflow has no active steps');
  }
  // Tenants arrive with a later version: a tenant named by identifier alone cannot be known yet.
  if (typeof input.tenant === 'string') return result('no_tenant_found', transactionId, 'Tenant not found');

  const broadcast = input.to === undefined;
  const recipients = broadcast ? null : splitRecipients(input.to as TRecipient | TRecipient[]);
  if (
    recipients &&
    recipients.subscribers.length === 0 &&
    recipients.bareIds.length === 0 &&
    recipients.topicKeys.length === 0
  ) {
    return result('subscriber_id_missing', transactionId, 'Name at least one subscriber or topic in "to"');
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
        tenant: input.tenant ? JSON.stringify(input.tenant) : null,
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
      const topics = recipients.topicKeys.length
        ? await trx
            .selectFrom('notifyTopics')
            .select(['id', 'key'])
            .where('environmentId', '=', environment.id)
            .where('key', 'in', recipients.topicKeys)
            .execute()
        : [];
      const known = new Set(topics.map((topic) => topic.key));
      const unknown = [...new Set(recipients.topicKeys.filter((key) => !known.has(key)))];
      if (unknown.length > 0) {
        await insertExecutionDetails(trx, [
          {
            environmentId: environment.id,
            organizationId: environment.organizationId,
            eventId: id,
            notificationId: null,
            jobId: null,
            subscriberId: null,
            workflowId: workflow.id,
            transactionId,
            code: 4001,
            status: 'Warning',
            detail: `Topic not found: ${unknown.join(', ')}`,
            createdAt: now,
          },
        ]);
      }
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
    await armWaitingJobs(trx, { eventId: id }, now);
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

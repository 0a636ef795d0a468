import { isChannelStep, type TJobStatus, type TWorkflowStep } from '@forecourt/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { bigintValue, nullableBigint, textValue } from '../../db/sql-values';
import { EXECUTION_TEXT } from './execution-details.repository';

type Environment = { id: number; organizationId: number };

/** Records a trigger unless its transaction id was seen before; the new event's id or null. */
export async function insertEvent(
  db: Db,
  environment: Environment,
  values: {
    transactionId: string;
    workflowId: number;
    triggerIdentifier: string;
    workflow: string;
    recipients: string;
    payload: string;
    overrides: string;
    actor: string | null;
    tenant: string | null;
    source: string | null;
  },
  now: number,
): Promise<number | null> {
  const row = await db
    .insertInto('notifyEvents')
    .values({
      ...values,
      environmentId: environment.id,
      organizationId: environment.organizationId,
      status: 'processed',
      createdAt: now,
    })
    .onConflict((oc) => oc.columns(['environmentId', 'transactionId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export type Audience =
  | { kind: 'everyone' }
  | {
      kind: 'listed';
      /** External subscriber ids named directly. */
      subscriberIds: readonly string[];
      /** Topic row ids: their subscribers, except the actor. */
      topicIds: readonly number[];
      actorSubscriberId: string | null;
    };

/**
 * One notification per subscriber of the audience: a single INSERT … SELECT, so a topic of
 * thousands costs one statement. Returns how many were created.
 */
export async function insertNotifications(
  db: Db,
  environment: Environment,
  event: { id: number; workflowId: number; transactionId: string; payload: string },
  audience: Audience,
  now: number,
): Promise<number> {
  const select = db
    .selectFrom('notifySubscribers as s')
    .select([
      bigintValue(environment.id).as('environmentId'),
      bigintValue(environment.organizationId).as('organizationId'),
      bigintValue(event.id).as('eventId'),
      bigintValue(event.workflowId).as('workflowId'),
      's.id as subscriberId',
      textValue(event.transactionId).as('transactionId'),
      textValue(event.payload).as('payload'),
      textValue('processing').as('status'),
      bigintValue(now).as('createdAt'),
      bigintValue(now).as('updatedAt'),
    ])
    .where('s.environmentId', '=', environment.id)
    .$if(audience.kind === 'listed', (query) => {
      const listed = audience as Extract<Audience, { kind: 'listed' }>;
      return query.where((eb) => {
        const direct =
          listed.subscriberIds.length > 0 ? [eb('s.subscriberId', 'in', [...listed.subscriberIds])] : [];
        const viaTopics =
          listed.topicIds.length > 0
            ? [
                eb.and([
                  eb(
                    's.id',
                    'in',
                    eb
                      .selectFrom('notifyTopicSubscribers as ts')
                      .select('ts.subscriberId')
                      .where('ts.topicId', 'in', [...listed.topicIds]),
                  ),
                  ...(listed.actorSubscriberId === null
                    ? []
                    : [eb('s.subscriberId', '!=', listed.actorSubscriberId)]),
                ]),
              ]
            : [];
        return eb.or([...direct, ...viaTopics]);
      });
    });
  const result = await db
    .insertInto('notifyNotifications')
    .columns([
      'environmentId',
      'organizationId',
      'eventId',
      'workflowId',
      'subscriberId',
      'transactionId',
      'payload',
      'status',
      'createdAt',
      'updatedAt',
    ])
    .expression(select)
    .onConflict((oc) => oc.columns(['eventId', 'subscriberId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The jobs of every notification of an event: one per active step, in step order. Channel steps
 * before the first digest or delay are queued; the digest/delay step waits as `delayed` and the
 * steps after it as `pending` (run by the digest/delay engine of a later version, cancellable).
 */
export async function insertJobs(
  db: Db,
  event: { id: number; transactionId: string },
  steps: readonly TWorkflowStep[],
  now: number,
): Promise<void> {
  let waiting = false;
  for (const [index, step] of steps.entries()) {
    if (!step.active || step.type === 'trigger') continue;
    let status: TJobStatus = 'queued';
    if (step.type === 'digest' || step.type === 'delay') {
      status = waiting ? 'pending' : 'delayed';
      waiting = true;
    } else if (waiting || !isChannelStep(step.type)) {
      status = 'pending';
    }
    await db
      .insertInto('notifyJobs')
      .columns([
        'environmentId',
        'organizationId',
        'eventId',
        'notificationId',
        'subscriberId',
        'workflowId',
        'transactionId',
        'stepId',
        'stepIndex',
        'type',
        'status',
        'createdAt',
        'updatedAt',
      ])
      .expression((eb) =>
        eb
          .selectFrom('notifyNotifications as n')
          .select([
            'n.environmentId',
            'n.organizationId',
            'n.eventId',
            'n.id as notificationId',
            'n.subscriberId',
            'n.workflowId',
            'n.transactionId',
            textValue(step.id).as('stepId'),
            bigintValue(index).as('stepIndex'),
            textValue(step.type).as('type'),
            textValue(status).as('status'),
            bigintValue(now).as('createdAt'),
            bigintValue(now).as('updatedAt'),
          ])
          .where('n.eventId', '=', event.id),
      )
      .execute();
  }
}

/** "Trigger received" (1000) for every notification of the event. */
export async function insertReceivedDetails(db: Db, event: { id: number }, now: number): Promise<void> {
  await db
    .insertInto('notifyExecutionDetails')
    .columns([
      'environmentId',
      'organizationId',
      'eventId',
      'notificationId',
      'jobId',
      'subscriberId',
      'workflowId',
      'transactionId',
      'code',
      'status',
      'detail',
      'createdAt',
    ])
    .expression((eb) =>
      eb
        .selectFrom('notifyNotifications as n')
        .select([
          'n.environmentId',
          'n.organizationId',
          'n.eventId',
          'n.id as notificationId',
          nullableBigint(null).as('jobId'),
          'n.subscriberId',
          'n.workflowId',
          'n.transactionId',
          bigintValue(1000).as('code'),
          textValue('Pending').as('status'),
          textValue(EXECUTION_TEXT[1000]).as('detail'),
          bigintValue(now).as('createdAt'),
        ])
        .where('n.eventId', '=', event.id),
    )
    .execute();
}

/** Cancels what has not run yet of a transaction; true when anything was canceled. */
export async function cancelTransaction(
  db: Db,
  environmentId: number,
  transactionId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('notifyJobs')
    .set({ status: 'canceled', updatedAt: now })
    .where('environmentId', '=', environmentId)
    .where('transactionId', '=', transactionId)
    .where('status', 'in', ['queued', 'pending', 'delayed'])
    .executeTakeFirst();
  const canceled = Number(result.numUpdatedRows) > 0;
  if (canceled) {
    await db
      .updateTable('notifyEvents')
      .set({ canceledAt: now })
      .where('environmentId', '=', environmentId)
      .where('transactionId', '=', transactionId)
      .execute();
    await db
      .updateTable('notifyNotifications')
      .set({ status: 'canceled', updatedAt: now })
      .where('environmentId', '=', environmentId)
      .where('transactionId', '=', transactionId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notifyJobs as j')
              .select(sql<number>`1`.as('one'))
              .whereRef('j.notificationId', '=', 'notifyNotifications.id')
              .where('j.status', '=', 'completed'),
          ),
        ),
      )
      .execute();
  }
  return canceled;
}

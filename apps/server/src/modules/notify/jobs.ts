import type { Selectable } from 'kysely';
import type { NotifyJobsTable } from '../../db/schema';

/** The columns of a job that the worker, the wait scheduler and delivery read to run it. */
export const JOB_COLUMNS = [
  'id',
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
] as const;

/** The job types that wait (a `delayed` job of another type waits for a delivery retry). */
export const WAIT_TYPES: readonly string[] = ['digest', 'delay'];

/** A job as those readers see it (typed from the table, so the shapes cannot drift apart). */
export type TJobRow = Pick<Selectable<NotifyJobsTable>, (typeof JOB_COLUMNS)[number]>;

/** What settling a job and completing its notification need of it. */
export type TJobRef = Omit<TJobRow, 'stepId' | 'stepIndex' | 'type'>;

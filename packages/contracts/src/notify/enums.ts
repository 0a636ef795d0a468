import { z } from 'zod';

/**
 * Notification platform enumerations and execution codes (docs/PRODUCT.md, "Notification platform").
 * Wire values are the ones Novu-compatible clients send and read, so they are lower_snake or
 * UPPER_SNAKE exactly as those clients spell them.
 */

/** Delivery channels. */
export const NOTIFY_CHANNELS = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
export const ZNotifyChannel = z.enum(NOTIFY_CHANNELS);
export type TNotifyChannel = z.infer<typeof ZNotifyChannel>;

/** Workflow step types: the channels plus the flow steps. */
export const STEP_TYPES = [...NOTIFY_CHANNELS, 'digest', 'delay', 'trigger'] as const;
export const ZStepType = z.enum(STEP_TYPES);
export type TStepType = z.infer<typeof ZStepType>;

export const isChannelStep = (type: TStepType): type is TNotifyChannel =>
  (NOTIFY_CHANNELS as readonly string[]).includes(type);

/** Job statuses (one job per notification and step). */
export const JOB_STATUSES = [
  'pending',
  'queued',
  'running',
  'completed',
  'failed',
  'delayed',
  'canceled',
  'merged',
  'skipped',
] as const;
export const ZJobStatus = z.enum(JOB_STATUSES);
export type TJobStatus = z.infer<typeof ZJobStatus>;

/** Execution detail statuses. */
export const EXECUTION_STATUSES = [
  'Success',
  'Warning',
  'Failed',
  'Pending',
  'Queued',
  'ReadConfirmation',
] as const;
export const ZExecutionStatus = z.enum(EXECUTION_STATUSES);
export type TExecutionStatus = z.infer<typeof ZExecutionStatus>;

/** What a trigger answers in `data.status`. */
export const TRIGGER_STATUSES = [
  'error',
  'trigger_not_active',
  'no_workflow_active_steps_defined',
  'no_workflow_steps_defined',
  'processed',
  'subscriber_id_missing',
  'no_tenant_found',
] as const;
export const ZTriggerStatus = z.enum(TRIGGER_STATUSES);
export type TTriggerStatus = z.infer<typeof ZTriggerStatus>;

export const FILTER_OPERATORS = [
  'ALL_IN',
  'ANY_IN',
  'BETWEEN',
  'EQUAL',
  'IN',
  'IS_DEFINED',
  'LARGER',
  'LARGER_EQUAL',
  'LIKE',
  'NOT_BETWEEN',
  'NOT_EQUAL',
  'NOT_IN',
  'NOT_LIKE',
  'SMALLER',
  'SMALLER_EQUAL',
] as const;
export const ZFilterOperator = z.enum(FILTER_OPERATORS);
export type TFilterOperator = z.infer<typeof ZFilterOperator>;

export const FILTER_COMBINATORS = ['AND', 'OR'] as const;
export const ZFilterCombinator = z.enum(FILTER_COMBINATORS);

export const FILTER_SOURCES = [
  'payload',
  'subscriber',
  'webhook',
  'isOnline',
  'isOnlineInLast',
  'previousStep',
  'tenant',
] as const;
export const ZFilterSource = z.enum(FILTER_SOURCES);
export type TFilterSource = z.infer<typeof ZFilterSource>;

export const TIME_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
export const ZTimeUnit = z.enum(TIME_UNITS);
export type TTimeUnit = z.infer<typeof ZTimeUnit>;

export const DIGEST_TYPES = ['regular', 'backoff', 'timed'] as const;
export const DIGEST_MODES = ['regular', 'scheduled'] as const;
export const REPEAT_MODES = ['each', 'on'] as const;
export const MONTH_POSITIONS = ['1', '2', '3', '4', '5', 'last'] as const;
export const DAY_KINDS = [
  'day',
  'weekday',
  'weekend',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export const AVATAR_TYPES = ['none', 'user', 'system_icon', 'system_custom'] as const;
export const ZAvatarType = z.enum(AVATAR_TYPES);
/** Sort direction of the platform's lists: 1 ascending, -1 descending (query strings: "1" / "-1"). */
export const ZSortDirection = z.coerce.number().pipe(z.union([z.literal(1), z.literal(-1)]));
export type TSortDirection = 1 | -1;
/** The SQL direction of a sort direction. */
export const sqlDirection = (direction: TSortDirection | undefined): 'asc' | 'desc' =>
  direction === 1 ? 'asc' : 'desc';

/** Where a trigger came from (recorded on the trigger; absent for plain API calls). */
export const EVENT_SOURCES = ['web', 'cli', 'vercel'] as const;
export const ZEventSource = z.enum(EVENT_SOURCES);
export type TEventSource = (typeof EVENT_SOURCES)[number];

export const ALERT_LEVELS = ['warning', 'info', 'error', 'success', 'up', 'question'] as const;
export const ZAlertLevel = z.enum(ALERT_LEVELS);

export const BUTTON_TYPES = ['primary', 'secondary'] as const;
export const ZButtonType = z.enum(BUTTON_TYPES);
/** Action kinds the inbox reports: a button (primary, secondary), or `clicked` (the message itself was opened). */
export const ACTION_TYPES = [...BUTTON_TYPES, 'clicked'] as const;
export const ZActionType = z.enum(ACTION_TYPES);
export type TActionType = (typeof ACTION_TYPES)[number];
export const ACTION_STATUSES = ['pending', 'done'] as const;
export const ZActionStatus = z.enum(ACTION_STATUSES);

export const TEMPLATE_HELPERS = [
  'equals',
  'titlecase',
  'uppercase',
  'lowercase',
  'pluralize',
  'dateFormat',
  'unique',
  'groupBy',
  'sortBy',
] as const;

/** Execution detail codes, each with its group (docs/PRODUCT.md, "Execution codes"). */
export const EXECUTION_CODES = {
  1000: { group: 'info', text: 'Trigger received' },
  1001: { group: 'error', text: 'Workflow is not active' },
  1002: { group: 'error', text: 'Workflow not found' },
  1004: { group: 'error', text: 'SMS error' },
  1005: { group: 'error', text: 'Chat error' },
  1006: { group: 'error', text: 'Missing SMS provider' },
  1007: { group: 'success', text: 'In-app message created' },
  1008: { group: 'error', text: 'Mail provider delivery error' },
  1009: { group: 'success', text: 'Trigger processed' },
  1010: { group: 'error', text: 'Push error' },
  1011: { group: 'error', text: 'Missing push provider' },
  3001: { group: 'error', text: 'Subscriber not found' },
  3002: { group: 'error', text: 'Subscriber is missing an email address' },
  3003: { group: 'error', text: 'Subscriber is missing a phone number' },
  3004: { group: 'error', text: 'Subscriber id is missing' },
  3005: { group: 'error', text: 'No active email integration' },
  3006: { group: 'error', text: 'Subscriber is missing a chat channel id' },
  3007: { group: 'error', text: 'No active SMS integration' },
  3008: { group: 'error', text: 'No active chat integration' },
  3009: { group: 'error', text: 'No active push integration' },
  3010: { group: 'error', text: 'Subscriber is missing a push token' },
  3011: { group: 'error', text: 'Missing payload variable' },
  3012: { group: 'error', text: 'Actor avatar error' },
  3013: { group: 'error', text: 'Template syntax error' },
  4001: { group: 'error', text: 'Topic error' },
  4002: { group: 'error', text: 'Topic subscribers error' },
} as const satisfies Record<number, { group: 'error' | 'success' | 'info'; text: string }>;
export type TExecutionCode = keyof typeof EXECUTION_CODES;
export const EXECUTION_CODE_VALUES = Object.keys(EXECUTION_CODES).map(Number) as TExecutionCode[];

/** Inbox message severities, most urgent first. */
export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;
export const ZSeverity = z.enum(SEVERITIES);
export type TSeverity = z.infer<typeof ZSeverity>;

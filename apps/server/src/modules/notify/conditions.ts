import type { TStepCondition, TStepFilter, TTimeUnit } from '@forecourt/contracts';

/**
 * Step conditions: a step runs when every filter group matches; a group joins its conditions
 * with AND or OR and may be negated. Sources: payload, subscriber, tenant, isOnline,
 * isOnlineInLast, webhook (the JSON answer of the condition's `webhookUrl`, asked before the
 * batch runs: step-webhooks.ts) and previousStep (read / unread / seen / unseen of an earlier
 * step's in-app message in the same notification).
 */
export type ConditionContext = {
  payload: Record<string, unknown>;
  subscriber: Record<string, unknown> & { isOnline?: boolean; lastOnlineAt?: number | null };
  tenant: Record<string, unknown> | null;
  now: number;
  /** The answer of a webhook URL for this job; undefined/null: not asked or no usable answer. */
  webhook?: (url: string) => Record<string, unknown> | null | undefined;
  /** The in-app message of an earlier step (by id; undefined: the step just before), or null. */
  previousStep?: (stepId: string | undefined) => { read: boolean; seen: boolean } | null;
};

export type PreviousStepState = { read: boolean; seen: boolean };

function previousStepMatches(condition: TStepCondition, context: ConditionContext): boolean {
  const message = context.previousStep?.(condition.step || undefined) ?? null;
  if (message === null) return false;
  switch (condition.stepType ?? String(condition.value || 'read')) {
    case 'read':
      return message.read;
    case 'unread':
      return !message.read;
    case 'seen':
      return message.seen;
    case 'unseen':
      return !message.seen;
    default:
      return false;
  }
}

const UNIT_MS: Record<TTimeUnit, number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
  months: 30 * 86_400_000,
};

function read(source: unknown, path: string): unknown {
  if (path === '') return source;
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const list = (value: TStepCondition['value']): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value).split(',')).map((item) => item.trim());

const asNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

function compareNumbers(
  actual: unknown,
  expected: unknown,
  test: (a: number, b: number) => boolean,
): boolean {
  const a = asNumber(actual);
  const b = asNumber(expected);
  return a !== null && b !== null && test(a, b);
}

const scalar = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function conditionMatches(condition: TStepCondition, context: ConditionContext): boolean {
  const { on, field, operator, value } = condition;
  if (on === 'isOnline') {
    return Boolean(context.subscriber.isOnline) === (String(value).toLowerCase() === 'true');
  }
  if (on === 'isOnlineInLast') {
    if (context.subscriber.isOnline) return true;
    const amount = asNumber(value);
    const last = context.subscriber.lastOnlineAt;
    if (amount === null || typeof last !== 'number') return false;
    return context.now - last <= amount * UNIT_MS[condition.timeOperator ?? 'minutes'];
  }
  if (on === 'previousStep') return previousStepMatches(condition, context);
  const source =
    on === 'payload'
      ? context.payload
      : on === 'subscriber'
        ? context.subscriber
        : on === 'tenant'
          ? context.tenant
          : on === 'webhook' && condition.webhookUrl
            ? context.webhook?.(condition.webhookUrl)
            : undefined;
  // A webhook without a usable answer: the condition does not hold.
  if (source === undefined || (on === 'webhook' && source === null)) return false;
  const actual = read(source, field);
  switch (operator) {
    case 'IS_DEFINED':
      return actual !== undefined && actual !== null;
    case 'EQUAL':
      return scalar(actual) === scalar(value);
    case 'NOT_EQUAL':
      return scalar(actual) !== scalar(value);
    case 'LARGER':
      return compareNumbers(actual, value, (a, b) => a > b);
    case 'LARGER_EQUAL':
      return compareNumbers(actual, value, (a, b) => a >= b);
    case 'SMALLER':
      return compareNumbers(actual, value, (a, b) => a < b);
    case 'SMALLER_EQUAL':
      return compareNumbers(actual, value, (a, b) => a <= b);
    case 'IN':
      return actual !== undefined && list(value).includes(scalar(actual));
    case 'NOT_IN':
      return !list(value).includes(scalar(actual));
    case 'ANY_IN':
      return Array.isArray(actual) && actual.some((item) => list(value).includes(scalar(item)));
    case 'ALL_IN': {
      if (!Array.isArray(actual)) return false;
      const present = new Set(actual.map(scalar));
      return list(value).every((item) => present.has(item));
    }
    case 'BETWEEN':
    case 'NOT_BETWEEN': {
      const [low, high] = list(value).map(asNumber);
      const a = asNumber(actual);
      const inside = a !== null && low != null && high != null && a >= low && a <= high;
      return operator === 'BETWEEN' ? inside : a !== null && !inside;
    }
    case 'LIKE':
      return actual !== undefined && scalar(actual).toLowerCase().includes(scalar(value).toLowerCase());
    case 'NOT_LIKE':
      return !scalar(actual).toLowerCase().includes(scalar(value).toLowerCase());
    default:
      return false;
  }
}

export function filterMatches(filter: TStepFilter, context: ConditionContext): boolean {
  if (filter.children.length === 0) return !filter.isNegated;
  const results = filter.children.map((child) => conditionMatches(child, context));
  const matched = filter.value === 'OR' ? results.some(Boolean) : results.every(Boolean);
  return filter.isNegated ? !matched : matched;
}

/** True when the step has no filters or every filter group matches. */
export function stepConditionsMatch(filters: readonly TStepFilter[], context: ConditionContext): boolean {
  return filters.every((filter) => filterMatches(filter, context));
}

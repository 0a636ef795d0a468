import type { TStepCondition } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { type ConditionContext, conditionMatches, stepConditionsMatch } from './conditions';

const NOW = Date.UTC(2025, 2, 14, 10, 0);
const context: ConditionContext = {
  payload: {
    amount: 1200,
    fuel: 'diesel',
    tags: ['fleet', 'credit'],
    nested: { station: 'Baner' },
    note: null,
  },
  subscriber: {
    subscriberId: 's-1',
    firstName: 'Asha',
    locale: 'en-IN',
    isOnline: false,
    lastOnlineAt: NOW - 5 * 60_000,
  },
  tenant: { identifier: 'west', plan: 'gold' },
  now: NOW,
};
const matches = (condition: Partial<TStepCondition>) =>
  conditionMatches(
    { on: 'payload', field: '', operator: 'EQUAL', value: '', ...condition } as TStepCondition,
    context,
  );

describe('step conditions', () => {
  it('compares payload values with every operator', () => {
    expect(matches({ field: 'fuel', operator: 'EQUAL', value: 'diesel' })).toBe(true);
    expect(matches({ field: 'amount', operator: 'EQUAL', value: '1200' })).toBe(true);
    expect(matches({ field: 'fuel', operator: 'NOT_EQUAL', value: 'petrol' })).toBe(true);
    expect(matches({ field: 'amount', operator: 'LARGER', value: '1000' })).toBe(true);
    expect(matches({ field: 'amount', operator: 'LARGER_EQUAL', value: 1200 })).toBe(true);
    expect(matches({ field: 'amount', operator: 'SMALLER', value: '1200' })).toBe(false);
    expect(matches({ field: 'amount', operator: 'SMALLER_EQUAL', value: '1200' })).toBe(true);
    expect(matches({ field: 'fuel', operator: 'LARGER', value: '1' })).toBe(false);
    expect(matches({ field: 'fuel', operator: 'IN', value: 'petrol, diesel' })).toBe(true);
    expect(matches({ field: 'fuel', operator: 'NOT_IN', value: ['petrol', 'cng'] })).toBe(true);
    expect(matches({ field: 'tags', operator: 'ANY_IN', value: 'credit,cash' })).toBe(true);
    expect(matches({ field: 'tags', operator: 'ALL_IN', value: 'credit,fleet' })).toBe(true);
    expect(matches({ field: 'tags', operator: 'ALL_IN', value: 'credit,cash' })).toBe(false);
    expect(matches({ field: 'amount', operator: 'BETWEEN', value: '1000,1500' })).toBe(true);
    expect(matches({ field: 'amount', operator: 'NOT_BETWEEN', value: [0, 1000] })).toBe(true);
    expect(matches({ field: 'nested.station', operator: 'LIKE', value: 'ban' })).toBe(true);
    expect(matches({ field: 'nested.station', operator: 'NOT_LIKE', value: 'aundh' })).toBe(true);
    expect(matches({ field: 'nested.station', operator: 'IS_DEFINED' })).toBe(true);
    expect(matches({ field: 'note', operator: 'IS_DEFINED' })).toBe(false);
    expect(matches({ field: 'missing.deeper', operator: 'IS_DEFINED' })).toBe(false);
  });

  it('reads the subscriber, the tenant and presence', () => {
    expect(matches({ on: 'subscriber', field: 'locale', operator: 'EQUAL', value: 'en-IN' })).toBe(true);
    expect(matches({ on: 'tenant', field: 'plan', operator: 'EQUAL', value: 'gold' })).toBe(true);
    expect(matches({ on: 'isOnline', value: 'false' })).toBe(true);
    expect(matches({ on: 'isOnlineInLast', value: 10, timeOperator: 'minutes' })).toBe(true);
    expect(matches({ on: 'isOnlineInLast', value: 2, timeOperator: 'minutes' })).toBe(false);
    // Without a webhook answer or an earlier message these sources do not hold.
    expect(matches({ on: 'webhook', field: 'x', operator: 'IS_DEFINED' })).toBe(false);
    expect(matches({ on: 'previousStep', field: 'x', operator: 'IS_DEFINED' })).toBe(false);
  });

  it('joins conditions with AND / OR, negates groups, and needs every group', () => {
    const big = { on: 'payload', field: 'amount', operator: 'LARGER', value: '1000' } as const;
    const petrol = { on: 'payload', field: 'fuel', operator: 'EQUAL', value: 'petrol' } as const;
    const run = (filters: unknown[]) => stepConditionsMatch(filters as never, context);
    expect(run([])).toBe(true);
    expect(run([{ value: 'AND', isNegated: false, children: [big, petrol] }])).toBe(false);
    expect(run([{ value: 'OR', isNegated: false, children: [big, petrol] }])).toBe(true);
    expect(run([{ value: 'AND', isNegated: true, children: [petrol] }])).toBe(true);
    expect(
      run([
        { value: 'OR', isNegated: false, children: [big] },
        { value: 'AND', isNegated: false, children: [petrol] },
      ]),
    ).toBe(false);
    expect(run([{ value: 'AND', isNegated: false, children: [] }])).toBe(true);
  });
});

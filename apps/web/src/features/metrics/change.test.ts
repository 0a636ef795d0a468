import { describe, expect, it } from 'vitest';
import { changeOf } from './change';

describe('change against the previous period', () => {
  it('a rise of revenue is good news, with its percentage and words for screen readers', () => {
    expect(changeOf(112, 100)).toEqual({
      direction: 'up',
      percent: '12%',
      tone: 'good',
      description: 'up 12% on the previous period',
    });
  });

  it('a fall is bad for revenue and good for incidents', () => {
    expect(changeOf(75, 100)?.tone).toBe('bad');
    expect(changeOf(75, 100, false)).toMatchObject({ direction: 'down', percent: '25%', tone: 'good' });
  });

  it('no change, nothing before, or nothing to compare', () => {
    expect(changeOf(100, 100)?.direction).toBe('flat');
    expect(changeOf(5, 0)).toMatchObject({ direction: 'up', percent: 'new' });
    expect(changeOf(0, 0)?.tone).toBe('neutral');
    expect(changeOf(5, null)).toBeNull();
  });
});

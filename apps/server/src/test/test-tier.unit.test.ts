import { describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from './test-database';

describe('the fast unit tier', () => {
  it('is told it is the unit tier and has no template database', () => {
    expect(inject('testTier')).toBe('unit');
    expect(inject('testDatabaseTemplate')).toBeNull();
  });

  it('refuses to open a database, naming the convention', async () => {
    await expect(createTestDatabase()).rejects.toThrow(/fast unit test file \(\*\.unit\.test\.ts\)/);
  });
});

import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { decodeCursor, encodeCursor, type KeysetOrder, seekPredicate } from './keyset';

function compiler(dialect: 'sqlite' | 'postgres') {
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        dialect === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () =>
        dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });
}

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('keyset cursors', () => {
  it('round-trips numbers and strings for the sort they were made for', () => {
    const cursor = encodeCursor('-startDate', { value: 1_795_369_006_000, id: 10_637_433 });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, '-startDate', 'number')).toEqual({
      value: 1_795_369_006_000,
      id: 10_637_433,
    });
    const text = encodeCursor('registration', { value: 'MH12AB1234', id: 7 });
    expect(decodeCursor(text, 'registration', 'string')).toEqual({ value: 'MH12AB1234', id: 7 });
  });

  it('carries the first page count', () => {
    const cursor = encodeCursor('-startDate', { value: 5, id: 6 }, { count: 10_000, approximate: true });
    expect(decodeCursor(cursor, '-startDate', 'number')).toEqual({
      value: 5,
      id: 6,
      counted: { count: 10_000, approximate: true },
    });
  });

  it('rejects every single-character change', () => {
    const cursor = encodeCursor('-startDate', { value: 1_700_000_000_000, id: 42 });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < cursor.length; i++) {
      const replacement = alphabet[(alphabet.indexOf(cursor[i]!) + 1) % alphabet.length]!;
      const changed = cursor.slice(0, i) + replacement + cursor.slice(i + 1);
      const error = failure(() => decodeCursor(changed, '-startDate', 'number'));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.[0]?.path).toBe('cursor');
    }
    expect(failure(() => decodeCursor(cursor.slice(0, -1), '-startDate', 'number')).code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('rejects a cursor of another sort, direction or value kind', () => {
    const cursor = encodeCursor('-startDate', { value: 1, id: 1 });
    expect(failure(() => decodeCursor(cursor, 'startDate', 'number')).message).toMatch(/another sort/);
    expect(failure(() => decodeCursor(cursor, '-amountPaise', 'number')).message).toMatch(/another sort/);
    const text = encodeCursor('-startDate', { value: 'x', id: 1 });
    expect(failure(() => decodeCursor(text, '-startDate', 'number')).code).toBe('VALIDATION_FAILED');
  });

  it('seeks with a row-value comparison on both dialects', () => {
    const order = (direction: 'asc' | 'desc'): KeysetOrder<{ id: number }> => ({
      sort: 'x',
      direction,
      column: sql.ref('t.started_at'),
      id: sql.ref('t.id'),
      kind: 'number',
      keyOf: (row) => ({ value: 0, id: row.id }),
    });
    const sqlite = compiler('sqlite');
    const pg = compiler('postgres');
    const key = { value: 5, id: 9 };
    expect(seekPredicate(order('desc'), key, 'sqlite').compile(sqlite).sql).toBe(
      'likelihood("t"."started_at" <= ?, 0.01) and ("t"."started_at", "t"."id") < (?, ?)',
    );
    expect(seekPredicate(order('desc'), key, 'postgres').compile(pg).sql).toBe(
      '"t"."started_at" <= $1 and ("t"."started_at", "t"."id") < ($2, $3)',
    );
    expect(seekPredicate(order('asc'), key, 'postgres').compile(pg).parameters).toEqual([5, 5, 9]);
    expect(seekPredicate(order('asc'), key, 'sqlite').compile(sqlite).sql).toBe(
      'likelihood("t"."started_at" >= ?, 0.01) and ("t"."started_at", "t"."id") > (?, ?)',
    );
  });
});

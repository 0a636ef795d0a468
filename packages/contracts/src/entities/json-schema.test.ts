import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index';

/**
 * The server publishes these schemas as OpenAPI (fastify-type-provider-zod → JSON Schema). A
 * transform in a response schema cannot be represented there, so every exported `Z…List` response
 * must convert in output mode and every `Z…ListQuery` in input mode.
 */
const exported = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);
const responses = exported.filter(([name]) => /^Z\w+List$/.test(name));
const queries = exported.filter(([name]) => /^Z\w+ListQuery$/.test(name));

describe('JSON Schema', () => {
  it('finds every entity list', () => {
    expect(responses.length).toBeGreaterThanOrEqual(18);
    expect(queries.length).toBe(responses.length);
  });

  it.each(responses)('%s converts as a response', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it.each(queries)('%s converts as a query', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it('keeps the time window and its query representable', () => {
    expect(() => z.toJSONSchema(contracts.ZTimeWindow, { io: 'output' })).not.toThrow();
    expect(() => z.toJSONSchema(contracts.ZTimeWindowQuery, { io: 'input' })).not.toThrow();
  });
});

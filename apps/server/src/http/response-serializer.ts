import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
export type Serializer = (data: unknown) => string;

/**
 * Responses are checked against their contract schema while the tests run (vitest sets
 * NODE_ENV=test), and only serialised in production. See docs/DECISIONS.md ("Serialising list
 * responses").
 */
export const CHECK_RESPONSES = process.env.NODE_ENV === 'test';

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Rewrites zod's JSON Schema into what fast-json-stringify serialises fastest, without changing
 * what is emitted: `anyOf: [X, {type: 'null'}]` with a scalar X becomes `type: [X, 'null']`
 * (fast-json-stringify resolves `anyOf` by validating each value with ajv), and the validation-only
 * keywords (`pattern`, `format`, bounds) go, since a serialiser never checks them.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!isObject(schema)) return schema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => isObject(branch) && branch.type === 'null');
    const other = anyOf[1 - nullIndex];
    if (
      nullIndex >= 0 &&
      isObject(other) &&
      ['string', 'number', 'integer', 'boolean'].includes(String(other.type))
    ) {
      const { anyOf: _anyOf, ...rest } = schema;
      return simplify({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (
      key === '$schema' ||
      key === 'pattern' ||
      key === 'format' ||
      key === 'minimum' ||
      key === 'maximum' ||
      key === 'exclusiveMinimum' ||
      key === 'exclusiveMaximum' ||
      key === 'minLength' ||
      key === 'maxLength'
    ) {
      continue;
    }
    const named = key === 'properties' || key === '$defs' || key === 'definitions';
    out[key] = named && isObject(value) ? mapValues(value, simplify) : simplify(value);
  }
  return out;
}

const mapValues = (record: JsonSchema, map: (value: unknown) => unknown): JsonSchema =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

/** The JSON Schema fast-json-stringify compiles for a zod response schema (its output side). */
export function serializerSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as JsonSchema;
}

/**
 * A serialiser for a route's zod response schema, compiled once when the route is registered:
 * fast-json-stringify writes the known shape directly (about twice as fast as `JSON.stringify` on
 * a 40-row page, and keys outside the contract are left out). With `check` (the tests), each
 * response is first parsed by the schema and a mismatch fails the request, so the contract is
 * enforced where it costs nothing. Anything that is not a zod schema is sent with JSON.stringify.
 */
export function compileResponseSerializer(
  schema: unknown,
  { check = CHECK_RESPONSES }: { check?: boolean } = {},
): Serializer {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  const stringify = fastJson(serializerSchema(schema)) as Serializer;
  if (!check) return stringify;
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(`Response does not match its contract schema: ${z.prettifyError(result.error)}`);
    }
    return stringify(data);
  };
}

/**
 * Route options for hot read routes: responses serialised by their compiled contract schema
 * (see {@link compileResponseSerializer}); Fastify compiles one serialiser per status code.
 */
export const COMPILED_JSON = {
  serializerCompiler: ({ schema }: { schema: unknown }) => compileResponseSerializer(schema),
} as const;

/**
 * Route options for routes whose answer is sent as is with `JSON.stringify` (nothing stripped,
 * nothing re-validated in production). The response schema documents the route (OpenAPI) and,
 * while the tests run, every answer is parsed by it and a mismatch fails the request, so the
 * contract is enforced under test like {@link COMPILED_JSON}.
 */
export const PLAIN_JSON = {
  serializerCompiler: ({ schema }: { schema: unknown }) => plainSerializer(schema),
} as const;

/** `JSON.stringify`, checked against a zod response schema when `check` (the tests). */
export function plainSerializer(
  schema: unknown,
  { check = CHECK_RESPONSES }: { check?: boolean } = {},
): Serializer {
  if (!check || !(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(`Response does not match its contract schema: ${z.prettifyError(result.error)}`);
    }
    return JSON.stringify(data);
  };
}

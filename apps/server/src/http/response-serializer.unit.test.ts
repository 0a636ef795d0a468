import {
  ZApiError,
  ZChallanPage,
  ZCustomerPage,
  ZPaymentPage,
  ZTransactionPage,
  ZVehicleDetail,
  ZVehiclePage,
  ZVehicleSightingPage,
} from '@forecourt/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHECK_RESPONSES,
  COMPILED_JSON,
  compileResponseSerializer,
  PLAIN_JSON,
  plainSerializer,
  serializerSchema,
} from './response-serializer';

const window = {
  startDate: '2026-10-23T18:30:00.000Z',
  endDate: '2026-11-22T18:30:00.000Z',
  frequency: '1d',
  update: false,
  minInterval: '1h',
  maxInterval: '366d',
};
const transaction = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  stationId: 14,
  dispenserId: 97,
  nozzleId: 245,
  fuel: 'diesel',
  startDate: '2026-11-18T11:42:39.829Z',
  endDate: '2026-11-18T11:44:11.112Z',
  quantity: 43.217,
  unitPricePaise: 8762,
  amountPaise: 378_667,
  paymentMode: 'upi',
  status: 'completed',
  vehicleRegistration: id % 2 ? 'UP16DG9699' : null,
  vehicleClass: 'car',
  customerId: id % 3 ? null : 12,
  attendantId: 1234,
  ...extra,
});
const page = {
  count: 10_000,
  pages: 250,
  approximate: true,
  results: [transaction(1), transaction(2), transaction(3)],
  nextCursor: 'WyItc3RhcnREYXRlIiwxNzk1MDI4NTU5ODI5XQAbCdEfGh',
  window,
};

describe('compiled response serialisers', () => {
  it('write the same JSON value as JSON.stringify for a contract-shaped page', () => {
    const stringify = compileResponseSerializer(ZTransactionPage, { check: false });
    expect(JSON.parse(stringify(page))).toEqual(JSON.parse(JSON.stringify(page)));
    const bare = { count: 0, pages: 0, results: [] };
    expect(JSON.parse(stringify(bare))).toEqual(bare);
  });

  it('keep strings exact (quotes, unicode, control characters) and nulls', () => {
    const stringify = compileResponseSerializer(ZTransactionPage, { check: false });
    const odd = { ...page, results: [transaction(1, { vehicleRegistration: 'MH "12" \\ \u0001 ✓ \u2028' })] };
    expect(JSON.parse(stringify(odd))).toEqual(odd);
  });

  it('leave out keys that are not in the contract', () => {
    const stringify = compileResponseSerializer(ZTransactionPage, { check: false });
    const leaky = { ...page, debug: 'sql', results: [transaction(1, { organizationId: 9 })] };
    const sent = JSON.parse(stringify(leaky));
    expect(sent.debug).toBeUndefined();
    expect(sent.results[0].organizationId).toBeUndefined();
  });

  it('compile for every operations page and error schema without falling back to anyOf for nullable scalars', () => {
    for (const schema of [
      ZTransactionPage,
      ZPaymentPage,
      ZChallanPage,
      ZCustomerPage,
      ZVehiclePage,
      ZVehicleSightingPage,
      ZVehicleDetail,
      ZApiError,
    ]) {
      expect(() => compileResponseSerializer(schema, { check: false })).not.toThrow();
    }
    const jsonSchema = serializerSchema(ZTransactionPage) as {
      properties: { results: { items: { properties: Record<string, unknown> } } };
    };
    const item = jsonSchema.properties.results.items;
    expect(item.properties.vehicleRegistration).toEqual({ type: ['string', 'null'] });
    expect(item.properties.startDate).toEqual({ type: 'string' });
  });

  it('check each response against the contract while the tests run', () => {
    expect(CHECK_RESPONSES).toBe(true);
    const checked = compileResponseSerializer(ZTransactionPage, { check: true });
    expect(JSON.parse(checked(page))).toEqual(page);
    expect(() => checked({ ...page, results: [transaction(1, { fuel: 'kerosene' })] })).toThrow(
      /does not match its contract/,
    );
    expect(() => checked({ ...page, count: undefined })).toThrow(/does not match its contract/);
  });

  it('send plain answers as is, checked against the contract only while the tests run', async () => {
    const extra = { ...page, note: 'kept' };
    expect(JSON.parse(plainSerializer(ZTransactionPage, { check: false })(extra))).toEqual(extra);
    expect(() => plainSerializer(ZTransactionPage, { check: false })({ count: 'x' })).not.toThrow();
    const checked = plainSerializer(ZTransactionPage);
    expect(JSON.parse(checked(extra))).toEqual(extra);
    expect(() => checked({ ...page, count: undefined })).toThrow(/does not match its contract/);
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const response = { 200: ZTransactionPage, 400: ZApiError };
    app.get('/page', { ...PLAIN_JSON, schema: { response } }, () => page);
    app.get('/broken', { ...PLAIN_JSON, schema: { response } }, () => ({ ...page, pages: 'many' }));
    expect((await app.inject({ method: 'GET', url: '/page' })).json()).toEqual(page);
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });

  it('send anything that is not a zod schema with JSON.stringify', () => {
    const stringify = compileResponseSerializer({ type: 'object' });
    expect(stringify({ b: 1, a: [2] })).toBe('{"b":1,"a":[2]}');
  });

  it('serialise a route answer and its errors; a contract breach is a 500 in tests', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const response = { 200: ZTransactionPage, 400: ZApiError };
    app.get('/page', { ...COMPILED_JSON, schema: { response } }, () => page);
    app.get('/broken', { ...COMPILED_JSON, schema: { response } }, () => ({ ...page, pages: 'many' }));
    app.get(
      '/refused',
      { ...COMPILED_JSON, schema: { querystring: z.object({ n: z.coerce.number() }), response } },
      async (_request, reply) =>
        reply.status(400).send({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'no' }),
    );
    const ok = await app.inject({ method: 'GET', url: '/page' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('application/json');
    expect(ok.json()).toEqual(page);
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    const refused = await app.inject({ method: 'GET', url: '/refused?n=1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'no' });
    await app.close();
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, stubFetch } from '../test/fetch-stub';
import { ApiError, ContractError, http, isApiError, parseErrorResponse } from './http';
import { STORAGE_KEYS } from './storage';

describe('parseErrorResponse', () => {
  it('reads the API error shape', async () => {
    const response = jsonResponse(
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Invalid querystring: limit must be at most 200',
        details: [{ path: 'limit', message: 'must be at most 200' }],
      },
      400,
    );
    const error = await parseErrorResponse(response);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid querystring: limit must be at most 200',
      details: [{ path: 'limit', message: 'must be at most 200' }],
      isClientError: true,
      isTransient: false,
    });
  });

  it('derives the code from the status when the body is not the API shape', async () => {
    const gateway = await parseErrorResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(gateway).toMatchObject({ status: 502, code: 'UNAVAILABLE', isTransient: true });
    expect(gateway.message).toMatch(/unavailable/i);

    const unknownCode = await parseErrorResponse(
      jsonResponse({ code: 'TEAPOT', message: 'Short and stout' }, 404),
    );
    expect(unknownCode).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Short and stout' });
  });
});

describe('http.get', () => {
  it('encodes the query, sends JSON headers and returns the body', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));
    const body = await http.get('/api/things', {
      query: { page: 0, q: 'a b', fuels: ['petrol', 'cng'], empty: '', missing: undefined },
    });
    expect(body).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?page=0&q=a%20b&fuels=petrol,cng');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
  });

  it('attaches the stored access token, and ignores credentials that do not parse', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    window.localStorage.setItem(
      STORAGE_KEYS.credentials,
      JSON.stringify({ access_token: 'a.b.c', refresh_token: 'r' }),
    );
    await http.get('/api/me');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe('Bearer a.b.c');

    window.localStorage.setItem(STORAGE_KEYS.credentials, '{not json');
    await http.get('/api/me');
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).has('authorization')).toBe(false);
  });

  it('throws ApiError with the server code on an error status', async () => {
    stubFetch(() => errorResponse(404, 'NOT_FOUND', 'No station "nowhere"'));
    const error = await http.get('/api/stations/nowhere').catch((caught: unknown) => caught);
    expect(isApiError(error, 'NOT_FOUND')).toBe(true);
    expect(error).toMatchObject({ status: 404, message: 'No station "nowhere"' });
  });

  it('reports an unreachable server as a transient ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await http.get('/api/stations').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'UNAVAILABLE', isTransient: true });
  });

  it('checks a successful body against its contract schema in development', async () => {
    stubFetch(() => jsonResponse({ count: 'many' }));
    const error = await http
      .get('/api/stations', { schema: z.object({ count: z.number() }) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).issues[0]?.path).toEqual(['count']);
  });
});

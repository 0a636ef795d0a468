import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../test/test-database';
import { ALL_ROLES, parseRoles } from './roles';

describe('ROLES', () => {
  it('defaults to every role and accepts any combination', () => {
    expect(parseRoles(undefined)).toBe(ALL_ROLES);
    expect(parseRoles('')).toBe(ALL_ROLES);
    expect([...parseRoles('worker')]).toEqual(['worker']);
    expect([...parseRoles(' api , realtime ')]).toEqual(['api', 'realtime']);
  });

  it('refuses unknown roles with a readable configuration error', () => {
    expect(() => parseRoles('api,cron')).toThrow(/unknown role cron/);
    expect(() => parseRoles(',')).toThrow(/at least one/);
    expect(() => loadConfig({ ROLES: 'web' })).toThrow(/Invalid configuration:\n {2}ROLES: unknown role web/);
  });

  it('reads the pool size, statement timeout, lease and drain settings', () => {
    const config = loadConfig({
      ROLES: 'api,worker',
      DATABASE_POOL_SIZE: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      JOB_LEASE_MS: '15000',
      SHUTDOWN_DRAIN_MS: '3000',
    });
    expect([...config.roles]).toEqual(['api', 'worker']);
    expect(config.database).toEqual({ poolSize: 25, statementTimeoutMs: 5000 });
    expect(config.notify.leaseMs).toBe(15_000);
    expect(config.shutdownDrainMs).toBe(3_000);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('a process without the api role', () => {
  it('answers its health checks and nothing else over HTTP', async () => {
    const database = await createTestDatabase();
    const app = await createApp({
      database,
      webDist: mkdtempSync(join(tmpdir(), 'forecourt-noweb-')),
      roles: parseRoles('worker'),
    });
    try {
      await app.ready();
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      const api = await app.inject({ url: '/api/stations' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      expect((await app.inject({ method: 'POST', url: '/v1/events/trigger', payload: {} })).statusCode).toBe(
        404,
      );
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

import type { TApiKey, TStationApiKeys } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser } from '../../test/factories';
import { hashApiKey } from './api-keys.service';
import { createForecourt, createKey, type Forecourt, fill } from './testing';

describe('station API keys', () => {
  let t: TestApp;
  let forecourt: Forecourt;
  let other: Forecourt;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let otherAdmin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const org = await createOrganization(db);
    const otherOrg = await createOrganization(db);
    forecourt = await createForecourt(db, org.id, { slug: 'keys-main' });
    other = await createForecourt(db, otherOrg.id, { slug: 'keys-other' });
    admin = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: org.id, role: 'member' })).headers;
    otherAdmin = (await createSignedInUser(db, { organizationId: otherOrg.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  const ingest = (headers: Record<string, string>, payload: unknown = { transactions: [] }) =>
    t.app.inject({ method: 'POST', url: '/api/ingest', headers, payload: payload as object });
  const list = async (slug = forecourt.station.slug) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${slug}/api-keys`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TStationApiKeys).results;
  };

  it('creates a key whose secret is shown once and stored only as its hash', async () => {
    const created = await createKey(t.app, admin, forecourt.station.slug, 'Pump controller');
    expect(created.secret).toMatch(/^fcs_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    expect(created).toMatchObject({
      stationId: forecourt.station.id,
      name: 'Pump controller',
      revokedAt: null,
    });

    const row = await t.database.db
      .selectFrom('stationApiKeys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(hashApiKey(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const listed = await list();
    const entry = listed.find((key) => key.id === created.id) as TApiKey & { secret?: string };
    expect(entry).toBeDefined();
    expect(entry.secret).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(12));

    const audit = await t.database.db
      .selectFrom('auditEvents')
      .select(['action', 'target'])
      .where('target', '=', `station_api_key:${created.id}`)
      .execute();
    expect(audit.map((event) => event.action)).toEqual(['api_key.created']);
  });

  it('accepts the key in either header, notes when it was used, and refuses it once revoked', async () => {
    const key = await createKey(t.app, admin, forecourt.station.slug);
    expect((await list()).find((k) => k.id === key.id)?.lastUsedAt).toBeNull();

    const viaAuthorization = await ingest(
      { authorization: `ApiKey ${key.secret}` },
      {
        transactions: [fill(forecourt, 'key-1', t.clock.now() - 600_000)],
      },
    );
    expect(viaAuthorization.statusCode, viaAuthorization.body).toBe(200);
    const viaHeader = await ingest(
      { 'x-api-key': key.secret },
      {
        transactions: [fill(forecourt, 'key-2', t.clock.now() - 500_000)],
      },
    );
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    expect((await list()).find((k) => k.id === key.id)?.lastUsedAt).toBe(
      new Date(t.clock.now()).toISOString(),
    );

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/stations/${forecourt.station.slug}/api-keys/${key.id}`,
      headers: admin,
    });
    expect(revoke.statusCode, revoke.body).toBe(204);
    expect((await list()).find((k) => k.id === key.id)?.revokedAt).toBe(
      new Date(t.clock.now()).toISOString(),
    );

    const refused = await ingest(
      { 'x-api-key': key.secret },
      {
        transactions: [fill(forecourt, 'key-3', t.clock.now() - 400_000)],
      },
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    const written = await t.database.db
      .selectFrom('transactions')
      .select('sourceId')
      .where('stationId', '=', forecourt.station.id)
      .where('sourceId', 'like', 'key-%')
      .orderBy('sourceId')
      .execute();
    expect(written.map((row) => row.sourceId)).toEqual(['key-1', 'key-2']);

    // Revoking again changes nothing and is not an error.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/stations/${forecourt.station.slug}/api-keys/${key.id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(204);
  });

  it('answers 401 without a key, with an unknown key, and with a user token instead of a key', async () => {
    const none = await ingest({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const unknown = await ingest({ authorization: `ApiKey fcs_${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    const bearer = await ingest(admin);
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('is for admins: members get 403', async () => {
    for (const [method, url] of [
      ['GET', `/api/stations/${forecourt.station.slug}/api-keys`],
      ['POST', `/api/stations/${forecourt.station.slug}/api-keys`],
      ['DELETE', `/api/stations/${forecourt.station.slug}/api-keys/1`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: member, payload: { name: 'x' } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it("answers 404 for another organisation's station and for a key of another station", async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${other.station.slug}/api-keys`,
      headers: admin,
      payload: { name: 'sneaky' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    const foreignList = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${other.station.slug}/api-keys`,
      headers: admin,
    });
    expect(foreignList.statusCode).toBe(404);

    const theirs = await createKey(t.app, otherAdmin, other.station.slug);
    const viaMyStation = await t.app.inject({
      method: 'DELETE',
      url: `/api/stations/${forecourt.station.slug}/api-keys/${theirs.id}`,
      headers: admin,
    });
    expect(viaMyStation.statusCode).toBe(404);
    const viaTheirStation = await t.app.inject({
      method: 'DELETE',
      url: `/api/stations/${other.station.slug}/api-keys/${theirs.id}`,
      headers: admin,
    });
    expect(viaTheirStation.statusCode).toBe(404);
    const stillWorks = await ingest({ 'x-api-key': theirs.secret });
    expect(stillWorks.statusCode, stillWorks.body).toBe(200);
  });

  it('validates the name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${forecourt.station.slug}/api-keys`,
      headers: admin,
      payload: { name: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, MEMBER_STATION_INDEXES } from '../../seed/demo-accounts';
import { seed } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { authClient } from './test-helpers';

describe('the seeded demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.database, { scale: 'tiny', seed: 1 });
  });
  afterAll(() => t.close());

  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))(
    '%s signs in',
    async (email, account) => {
      const client = authClient(t);
      const response = await client.login(email, DEMO_PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      const me = (await client.me(response.json().access_token)).json();
      expect(me).toMatchObject({ email, role: account.role, organization: { slug: account.organization } });
      if (account.allStations) expect(me.stationIds).toBe('all');
      else expect(me.stationIds.length).toBeLessThanOrEqual(MEMBER_STATION_INDEXES.length);
      const stations = await t.app.inject({
        method: 'GET',
        url: '/api/stations?limit=200',
        headers: { authorization: `Bearer ${response.json().access_token}` },
      });
      expect(stations.statusCode).toBe(200);
      if (!account.allStations) expect(stations.json().count).toBe(me.stationIds.length);
    },
  );
});

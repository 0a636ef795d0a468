import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  type TIncidentItem,
  type TIncidentPage,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { insertIncidents } from './testing';

const HOUR = 3_600_000;

describe('incidents sorted by severity and by status', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const now = t.clock.now();
    const db = t.database.db;
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const station = await createStation(db, org.id, { slug: 'sort-one' });
    const foreign = await createStation(db, other.id, { slug: 'sort-other' });
    // 24 incidents: every severity with every status, opened at different times, so neither the
    // alphabet nor the opening order gives the severity or status order by chance.
    await insertIncidents(
      db,
      Array.from({ length: 24 }, (_, i) => ({
        organizationId: org.id,
        stationId: station.id,
        number: i + 1,
        openedAt: now - ((i * 7) % 24) * HOUR,
        severity: INCIDENT_SEVERITIES[i % 4],
        status: INCIDENT_STATUSES[Math.floor(i / 4) % 4],
      })),
    );
    await insertIncidents(db, [
      { organizationId: other.id, stationId: foreign.id, number: 1, openedAt: now, severity: 'critical' },
    ]);
    admin = (await createSignedInUser(db, { organizationId: org.id, role: 'admin' })).headers;
  });
  afterAll(() => t.close());

  /** Every incident of the list in the given sort, read in pages of `limit` through the cursor. */
  async function readAll(sort: string, limit: number): Promise<TIncidentItem[]> {
    const rows: TIncidentItem[] = [];
    let cursor: string | undefined;
    do {
      const query = `sort=${sort}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await t.app.inject({ method: 'GET', url: `/api/incidents?${query}`, headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<TIncidentPage>();
      rows.push(...page.results);
      cursor = page.nextCursor;
    } while (cursor);
    return rows;
  }

  const rank = (values: readonly string[], value: string) => values.indexOf(value);

  it('puts critical first with -severity, through keyset pages without gaps or repeats', async () => {
    const rows = await readAll('-severity', 5);
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((row) => row.id)).size).toBe(24);
    const ranks = rows.map((row) => rank(INCIDENT_SEVERITIES, row.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(rows[0]?.severity).toBe('critical');
    expect(rows.at(-1)?.severity).toBe('low');
    // Ties in id order, newest id first like the sort.
    const critical = rows.filter((row) => row.severity === 'critical').map((row) => row.id);
    expect(critical).toEqual([...critical].sort((a, b) => b - a));
  });

  it('orders by status open, acknowledged, resolved, closed; and back with -status', async () => {
    const up = await readAll('status', 7);
    expect(up.map((row) => rank(INCIDENT_STATUSES, row.status))).toEqual(
      up.map((row) => rank(INCIDENT_STATUSES, row.status)).sort((a, b) => a - b),
    );
    expect(up[0]?.status).toBe('open');
    const down = await readAll('-status', 7);
    expect(down.map((row) => row.id)).toEqual(up.map((row) => row.id).reverse());
  });

  it('combines the sort with filters and keeps other organisations out', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/incidents?sort=-severity&status=open,acknowledged&limit=100',
      headers: admin,
    });
    const page = response.json<TIncidentPage>();
    expect(page.results.every((row) => row.status === 'open' || row.status === 'acknowledged')).toBe(true);
    expect(page.results.every((row) => row.stationName !== undefined && row.number <= 24)).toBe(true);
    expect(page.results).toHaveLength(16);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/incidents?sort=severityRank',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });
});

import type { TPersonnelDetail, TPersonnelPage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';

type Signed = Awaited<ReturnType<typeof createSignedInUser>>;
const DAY = 86_400_000;

describe('personnel', () => {
  let t: TestApp;
  let admin: Signed;
  let member: Signed;
  let otherAdmin: Signed;
  const s = { a1: { id: 0, slug: '' }, a2: { id: 0, slug: '' }, b1: { id: 0, slug: '' } };
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    s.a1 = await createStation(db, a.id, { name: 'Alpha Fuels' });
    s.a2 = await createStation(db, a.id, { name: 'Beta Fuels' });
    s.b1 = await createStation(db, b.id);
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s.a1.id] });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
    // 25 people at a1 and 3 at a2, one created a day, oldest first.
    const base = t.clock.now() - 40 * DAY;
    const roles = ['manager', 'supervisor', 'attendant', 'cashier'] as const;
    const shifts = ['morning', 'evening', 'night', 'general'] as const;
    for (let i = 0; i < 28; i++) {
      const row = await db
        .insertInto('personnel')
        .values({
          organizationId: a.id,
          stationId: i < 25 ? s.a1.id : s.a2.id,
          name: `Person ${String(i).padStart(2, '0')}`,
          role: roles[i % 4]!,
          phone: `+9198765${String(i).padStart(5, '0')}`,
          shift: shifts[i % 4]!,
          status: i % 7 === 6 ? 'on_leave' : 'active',
          joinedOn: '2023-01-01',
          createdAt: base + i * DAY,
          updatedAt: base + i * DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, who: Signed = admin) =>
    t.app.inject({ method: 'GET', url, headers: who.headers });
  const page = async (url: string, who: Signed = admin) => {
    const response = await get(url, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TPersonnelPage>();
  };
  const createAt = (slug: string, payload: unknown, who: Signed = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stations/${slug}/personnel`,
      headers: who.headers,
      payload: payload as object,
    });
  const patch = (id: number, payload: unknown, who: Signed = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/personnel/${id}`,
      headers: who.headers,
      payload: payload as object,
    });
  const post = (id: number, verb: string, who: Signed = admin) =>
    t.app.inject({ method: 'POST', url: `/api/personnel/${id}/${verb}`, headers: who.headers });

  describe('lists', () => {
    it('pages a station 20 at a time, oldest first', async () => {
      const first = await page(`/api/stations/${s.a1.slug}/personnel`);
      expect(first.count).toBe(25);
      expect(first.pages).toBe(2);
      expect(first.results).toHaveLength(20);
      expect(first.results.map((row) => row.id)).toEqual(ids.slice(0, 20));
      expect(first.results[0]).toMatchObject({ stationName: 'Alpha Fuels', stationSlug: s.a1.slug });
      const second = await page(`/api/stations/${s.a1.slug}/personnel?cursor=${first.nextCursor}`);
      expect(second.results.map((row) => row.id)).toEqual(ids.slice(20, 25));
      expect(second.nextCursor).toBeUndefined();
      const newest = await page(`/api/stations/${s.a1.slug}/personnel?sort=-createdAt&limit=1`);
      expect(newest.results[0]?.id).toBe(ids[24]);
    });

    it('filters by role, shift and status', async () => {
      const managers = await page(`/api/stations/${s.a1.slug}/personnel?role=manager`);
      expect(managers.count).toBe(7);
      expect(managers.results.every((row) => row.role === 'manager')).toBe(true);
      const nightOrGeneral = await page(`/api/stations/${s.a1.slug}/personnel?shift=night,general`);
      expect(nightOrGeneral.results.every((row) => ['night', 'general'].includes(row.shift))).toBe(true);
      expect(nightOrGeneral.count).toBe(12);
      const onLeave = await page(`/api/stations/${s.a1.slug}/personnel?status=on_leave`);
      expect(onLeave.count).toBe(3);
      expect((await get(`/api/stations/${s.a1.slug}/personnel?role=owner`)).statusCode).toBe(400);
    });

    it('limits members to their stations and organisations to their own', async () => {
      expect((await page(`/api/stations/${s.a1.slug}/personnel`, member)).count).toBe(25);
      expect((await get(`/api/stations/${s.a2.slug}/personnel`, member)).statusCode).toBe(404);
      expect((await get(`/api/stations/${s.a1.slug}/personnel`, otherAdmin)).statusCode).toBe(404);
      expect((await get(`/api/personnel/${ids[25]}`, member)).statusCode).toBe(404);
      expect((await get(`/api/personnel/${ids[0]}`, otherAdmin)).statusCode).toBe(404);
      expect((await page('/api/personnel', member)).count).toBe(25);
      expect((await page('/api/personnel')).count).toBe(28);
      expect((await page(`/api/personnel?station=${s.a2.id}`)).count).toBe(3);
      expect((await page(`/api/personnel?station=${s.a2.id}`, member)).count).toBe(0);
      expect((await page('/api/personnel', otherAdmin)).count).toBe(0);
    });

    it('exports CSV', async () => {
      const response = await get(`/api/stations/${s.a2.slug}/personnel?format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain(`${s.a2.slug}-personnel-`);
      const lines = response.body.trim().split('\r\n');
      expect(lines[0]).toBe('ID,Station,Name,Role,Shift,Status,Phone,Joined on,Created at (IST)');
      expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(ids.slice(25));
      const network = await get('/api/personnel?format=csv&role=cashier', member);
      expect(network.body.trim().split('\r\n')).toHaveLength(1 + 6);
    });
  });

  describe('writes', () => {
    it('creates with a normalised Indian mobile number and audits it', async () => {
      const response = await createAt(s.a2.slug, {
        name: '  Suresh Patil ',
        role: 'attendant',
        phone: '098765 43210',
        shift: 'night',
      });
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json<TPersonnelDetail>();
      expect(created).toMatchObject({
        name: 'Suresh Patil',
        phone: '+919876543210',
        status: 'active',
        stationId: s.a2.id,
        stationName: 'Beta Fuels',
      });
      expect(created.joinedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(created.audit).toEqual([
        expect.objectContaining({
          action: 'personnel.created',
          actor: expect.objectContaining({ id: admin.user.id }),
        }),
      ]);
      const last = await page(`/api/stations/${s.a2.slug}/personnel?sort=-createdAt&limit=1`);
      expect(last.results[0]?.id).toBe(created.id);
    });

    it('validates the body (400) and the station (404)', async () => {
      const good = { name: 'Anil Rao', role: 'cashier', phone: '+91 91234 56789', shift: 'morning' };
      for (const bad of [
        { ...good, phone: '12345' },
        { ...good, phone: '+91 51234 56789' },
        { ...good, phone: '+1 415 555 0100' },
        { ...good, role: 'owner' },
        { ...good, shift: 'afternoon' },
        { ...good, name: 'A' },
        { ...good, status: 'inactive' },
        { ...good, joinedOn: '01-01-2024' },
      ]) {
        const response = await createAt(s.a1.slug, bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      expect((await createAt('no-such-station', good)).statusCode).toBe(404);
      expect((await createAt(s.a1.slug, good, otherAdmin)).statusCode).toBe(404);
      // Members hold personnel:r only.
      expect((await createAt(s.a1.slug, good, member)).statusCode).toBe(403);
      expect((await createAt(s.a1.slug, good)).statusCode).toBe(201);
    });

    it('edits the changed fields only and audits them', async () => {
      const id = ids[0]!;
      const response = await patch(id, { role: 'supervisor', phone: '9123456789', name: 'Person 00' });
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<TPersonnelDetail>();
      expect(detail).toMatchObject({ role: 'supervisor', phone: '+919123456789', name: 'Person 00' });
      expect(detail.audit[0]).toMatchObject({
        action: 'personnel.updated',
        data: {
          changes: {
            role: { from: 'manager', to: 'supervisor' },
            phone: { from: '+919876500000', to: '+919123456789' },
          },
        },
      });
      const same = await patch(id, { role: 'supervisor' });
      expect(same.json<TPersonnelDetail>().audit).toHaveLength(1);
      expect((await patch(id, {})).statusCode).toBe(400);
      expect((await patch(id, { phone: '99999' })).statusCode).toBe(400);
      expect((await patch(id, { shift: 'night' }, member)).statusCode).toBe(403);
      expect((await patch(id, { shift: 'night' }, otherAdmin)).statusCode).toBe(404);
      expect((await patch(999_999, { shift: 'night' })).statusCode).toBe(404);
    });

    it('deactivates and reactivates once each (409 otherwise)', async () => {
      const id = ids[1]!;
      const off = await post(id, 'deactivate');
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<TPersonnelDetail>()).toMatchObject({ status: 'inactive' });
      expect(off.json<TPersonnelDetail>().audit[0]).toMatchObject({
        action: 'personnel.deactivated',
        data: { from: 'active', to: 'inactive' },
      });
      const twice = await post(id, 'deactivate');
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'CONFLICT' });
      expect(
        (await page(`/api/stations/${s.a1.slug}/personnel?status=inactive`)).results.map((r) => r.id),
      ).toEqual([id]);
      expect((await post(id, 'deactivate', member)).statusCode).toBe(403);
      const on = await post(id, 'reactivate');
      expect(on.statusCode).toBe(200);
      expect(on.json<TPersonnelDetail>()).toMatchObject({ status: 'active' });
      expect((await post(id, 'reactivate')).statusCode).toBe(409);
      expect((await post(ids[0]!, 'deactivate', otherAdmin)).statusCode).toBe(404);
    });

    it('shows the audit trail on the detail', async () => {
      const detail = await get(`/api/personnel/${ids[1]}`, member);
      expect(detail.statusCode).toBe(200);
      expect(detail.json<TPersonnelDetail>().audit.map((entry) => entry.action)).toEqual([
        'personnel.reactivated',
        'personnel.deactivated',
      ]);
    });
  });
});

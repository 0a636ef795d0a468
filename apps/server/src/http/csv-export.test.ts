import { ZTransactionPage } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertIncidents } from '../modules/incidents/testing';
import { fillRows, insertFills, insertPaymentsFor } from '../modules/operations/testing';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../test/factories';
import { csvColumnsOf } from './csv-export';

/** A small RFC 4180 reader for the assertions (quoted fields, doubled quotes, CRLF records, BOM skipped). */
function parseCsv(file: string): string[][] {
  const text = file.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  return records;
}

describe('csv columns of a list schema', () => {
  it('take columns from a page schema', () => {
    const columns = csvColumnsOf(ZTransactionPage);
    expect(columns.slice(0, 3).map((column) => column.key)).toEqual(['id', 'stationId', 'dispenserId']);
    // An instant is written in IST whatever its name; money goes by its name.
    expect(columns.find((column) => column.key === 'startDate')?.kind).toBe('instant');
    expect(columns.find((column) => column.key === 'amountPaise')?.kind).toBeUndefined();
  });
});

describe('format=csv on the lists', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  const ids = { s1: 0, s2: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const now = t.clock.now();
    const a = await createOrganization(db);
    const s1 = await createStation(db, a.id, { slug: 'csv-one' });
    const s2 = await createStation(db, a.id, { slug: 'csv-two' });
    Object.assign(ids, { s1: s1.id, s2: s2.id });
    admin = (await createSignedInUser(db, { organizationId: a.id, role: 'admin' })).headers;
    member = (await createSignedInUser(db, { organizationId: a.id, stationIds: [s2.id] })).headers;
    await insertIncidents(db, [
      {
        organizationId: a.id,
        stationId: s1.id,
        number: 1,
        openedAt: now - 3_000,
        title: 'Pump 2, nozzle "B"',
      },
      { organizationId: a.id, stationId: s1.id, number: 2, openedAt: now - 2_000, title: '=cmd|calc!A1' },
      { organizationId: a.id, stationId: s2.id, number: 3, openedAt: now - 1_000, status: 'closed' },
    ]);
    // 5,000 fills in the last 14 hours at s1 (inside the default 24-hour window), 30 at s2.
    await insertFills(db, fillRows(s1, 5_000, { latest: now - 60_000, everyMs: 10_000 }));
    await insertFills(db, fillRows(s2, 30, { latest: now - 60_000 }));
    await insertPaymentsFor(db, s2.id);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

  it('exports incidents with a header, quoting, formula protection and the filters applied', async () => {
    const response = await get(`/api/incidents?format=csv&station=${ids.s1}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="incidents-\d{8}\.csv"$/);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.body).toContain('"Pump 2, nozzle ""B"""');
    // A byte-order mark first, so Excel reads the file as UTF-8.
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(response.body);
    expect(rows[0]?.slice(0, 4)).toEqual(['Number', 'Opened at (IST)', 'Station', 'Group']);
    // Newest first (the list's sort), only s1's two incidents.
    expect(rows.slice(1).map((row) => row[0])).toEqual(['2', '1']);
    expect(rows[1]?.[7]).toBe("'=cmd|calc!A1");
    expect(rows[2]?.[7]).toBe('Pump 2, nozzle "B"');
    const sorted = parseCsv((await get('/api/incidents?format=csv&sort=number&status=open')).body);
    expect(sorted.slice(1).map((row) => row[0])).toEqual(['1', '2']);
  });

  it('keeps a member to their stations and answers bad filters before streaming', async () => {
    const rows = parseCsv((await get('/api/incidents?format=csv', member)).body);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['3']);
    const bad = await get('/api/incidents?format=csv&status=lost');
    expect(bad.statusCode).toBe(400);
    const format = await get('/api/incidents?format=xml');
    expect(format.statusCode).toBe(400);
    expect(format.json().code).toBe('VALIDATION_FAILED');
    const json = await get('/api/incidents?format=json');
    expect(json.headers['content-type']).toMatch(/application\/json/);
  });

  it('streams a 5,000-row list in keyset batches, every row once, in order', async () => {
    const response = await get(`/api/stations/csv-one/transactions?format=csv`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-disposition']).toMatch(/filename="csv-one-transactions-\d{8}\.csv"/);
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(5_001);
    const header = rows[0] ?? [];
    const idAt = header.indexOf('ID');
    const startAt = header.indexOf('Start date (IST)');
    const amountAt = header.indexOf('Amount (₹)');
    expect(new Set(rows.slice(1).map((row) => row[idAt])).size).toBe(5_000);
    // Instants in IST with the offset, amounts in rupees with two decimals.
    expect(rows[1]?.[startAt]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+05:30$/);
    expect(rows[1]?.[amountAt]).toMatch(/^\d+\.\d{2}$/);
    const starts = rows
      .slice(1)
      .map((row) => Date.parse((row[startAt] ?? '').replace(' +', '+').replace(' ', 'T')));
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
  });

  it('is wired on every operations list', async () => {
    for (const url of [
      `/api/transactions?station=${ids.s2}`,
      `/api/payments?station=${ids.s2}`,
      '/api/stations/csv-two/payments',
      '/api/challans',
      '/api/stations/csv-two/challans',
      '/api/customers',
      '/api/stations/csv-two/customers',
      '/api/vehicles',
      '/api/stations/csv-two/vehicles',
    ]) {
      const response = await get(`${url}${url.includes('?') ? '&' : '?'}format=csv`);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/csv; charset=utf-8');
      expect(parseCsv(response.body)[0]?.length, url).toBeGreaterThan(1);
    }
    const payments = parseCsv((await get(`/api/payments?station=${ids.s2}&format=csv`)).body);
    expect(payments.length).toBeGreaterThan(1);
    const transactions = parseCsv((await get(`/api/transactions?station=${ids.s2}&format=csv`)).body);
    expect(transactions).toHaveLength(31);
  });
});

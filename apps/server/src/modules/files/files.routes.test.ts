import { MAX_EVIDENCE_BYTES, type TIncidentDetail, type TStoredFile } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createOrganization, createSignedInUser, createStation } from '../../test/factories';
import { insertIncidents } from '../incidents/testing';
import { cleanFilename, contentDisposition } from './files.presenter';
import { sniffEvidenceType } from './sniff';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake image body for the test'),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

describe('files (incident evidence)', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  let member: { headers: Record<string, string> };
  let reader: { headers: Record<string, string> };
  let otherAdmin: { headers: Record<string, string> };
  const ids = { s1: 0, s2: 0, incident: 0, s2Incident: 0, closed: 0, otherIncident: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const now = t.clock.now();
    const a = await createOrganization(db);
    const b = await createOrganization(db);
    const s1 = await createStation(db, a.id);
    const s2 = await createStation(db, a.id);
    const s3 = await createStation(db, b.id);
    admin = await createSignedInUser(db, { organizationId: a.id, role: 'admin' });
    member = await createSignedInUser(db, { organizationId: a.id, role: 'member', stationIds: [s1.id] });
    reader = await createSignedInUser(db, { organizationId: a.id, scope: 'incidents:r files:cr' });
    otherAdmin = await createSignedInUser(db, { organizationId: b.id, role: 'admin' });
    const [incident, s2Incident, closed] = await insertIncidents(db, [
      { organizationId: a.id, stationId: s1.id, number: 1, openedAt: now },
      { organizationId: a.id, stationId: s2.id, number: 2, openedAt: now },
      { organizationId: a.id, stationId: s1.id, number: 3, openedAt: now, status: 'closed' },
    ]);
    const [otherIncident] = await insertIncidents(db, [
      { organizationId: b.id, stationId: s3.id, number: 1, openedAt: now },
    ]);
    Object.assign(ids, {
      s1: s1.id,
      s2: s2.id,
      incident,
      s2Incident,
      closed,
      otherIncident,
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const upload = (
    body: Buffer,
    options: { incidentId?: number; filename?: string; type?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/files?filename=${encodeURIComponent(options.filename ?? 'pump.png')}&incidentId=${options.incidentId ?? ids.incident}`,
      headers: {
        ...(options.headers ?? member.headers),
        'content-type': options.type ?? 'application/octet-stream',
      },
      payload: body,
    });

  it('stores an image, attaches it to the incident and streams it back', async () => {
    const response = await upload(PNG, { filename: 'nozzle 3.png' });
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<TStoredFile>();
    expect(file).toMatchObject({
      filename: 'nozzle 3.png',
      contentType: 'image/png',
      sizeBytes: PNG.length,
      incidentId: ids.incident,
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}`,
      headers: admin.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="nozzle 3.png"; filename*=UTF-8''nozzle%203.png`,
    );
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const attachment = await t.app.inject({
      method: 'GET',
      url: `/api/files/${file.id}?download=1`,
      headers: admin.headers,
    });
    expect(attachment.headers['content-disposition']).toMatch(/^attachment;/);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/incidents/${ids.incident}`, headers: admin.headers })
    ).json<TIncidentDetail>();
    expect(detail.evidence.map((row) => row.id)).toContain(file.id);
    expect(detail.timeline.at(-1)).toMatchObject({
      kind: 'evidence',
      data: { fileId: file.id, filename: 'nozzle 3.png', contentType: 'image/png' },
    });
  });

  it('sniffs the type from the bytes: a PDF sent as image/png is stored as a PDF', async () => {
    const response = await upload(PDF, { filename: 'report.pdf', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    expect(response.json<TStoredFile>().contentType).toBe('application/pdf');
    const again = await upload(PDF, { filename: 'copy.pdf', type: 'application/pdf' });
    expect(again.json<TStoredFile>().sha256).toBe(response.json<TStoredFile>().sha256);
  });

  it('refuses other types (415), empty and oversized bodies, and multipart', async () => {
    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), {
      filename: 'x.svg',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const multipart = await upload(PNG, { type: 'multipart/form-data; boundary=x' });
    expect(multipart.statusCode).toBe(415);
    const json = await upload(Buffer.from('{}'), { type: 'application/json' });
    expect(json.statusCode).toBe(415);
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(MAX_EVIDENCE_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const empty = await upload(Buffer.alloc(0));
    expect([400, 415]).toContain(empty.statusCode);
    const noName = await t.app.inject({
      method: 'POST',
      url: `/api/files?incidentId=${ids.incident}`,
      headers: { ...member.headers, 'content-type': 'application/octet-stream' },
      payload: PNG,
    });
    expect(noName.statusCode).toBe(400);
  });

  it('scopes uploads and downloads to the organisation and the member’s stations', async () => {
    expect((await upload(PNG, { incidentId: ids.s2Incident })).statusCode).toBe(404);
    expect((await upload(PNG, { incidentId: ids.otherIncident })).statusCode).toBe(404);
    expect((await upload(PNG, { incidentId: ids.closed })).statusCode).toBe(409);
    expect((await upload(PNG, { headers: reader.headers })).statusCode).toBe(403);
    const s2File = (
      await upload(PNG, { incidentId: ids.s2Incident, headers: admin.headers })
    ).json<TStoredFile>();
    const byMember = await t.app.inject({
      method: 'GET',
      url: `/api/files/${s2File.id}`,
      headers: member.headers,
    });
    expect(byMember.statusCode).toBe(404);
    const byOtherOrg = await t.app.inject({
      method: 'GET',
      url: `/api/files/${s2File.id}`,
      headers: otherAdmin.headers,
    });
    expect(byOtherOrg.statusCode).toBe(404);
    expect(byOtherOrg.json().code).toBe('NOT_FOUND');
  });
});

describe('file helpers', () => {
  it('sniff the evidence types and nothing else', () => {
    expect(sniffEvidenceType(PNG)).toBe('image/png');
    expect(sniffEvidenceType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffEvidenceType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffEvidenceType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffEvidenceType(PDF)).toBe('application/pdf');
    expect(sniffEvidenceType(Buffer.from('MZ executable'))).toBeNull();
    expect(sniffEvidenceType(Buffer.alloc(0))).toBeNull();
  });

  it('clean file names and quote them safely', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\photos\\pump\u0000.jpg')).toBe('pump.jpg');
    expect(cleanFilename('   ')).toBe('file');
    expect(contentDisposition('inline', 'पंप "1".png')).toBe(
      `inline; filename="___ _1_.png"; filename*=UTF-8''${encodeURIComponent('पंप "1".png')}`,
    );
  });
});

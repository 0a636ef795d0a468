import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifyFixture, type NotifyFixture, triggerAndWait } from '../modules/notify/testing';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { createSignedInUser, createStation } from '../test/factories';

const HOST = 'files.forecourt.test';

/** The three places content carries `{address}` links: profiles, incidents, notifications. */
describe('{address} links in content are answered on the https files host (FILES_HOST)', () => {
  let t: TestApp;
  let f: NotifyFixture;
  let headers: Record<string, string>;
  let station: { id: number; slug: string };

  beforeAll(async () => {
    t = await createTestApp({ filesHost: HOST });
    f = await createNotifyFixture(t);
    station = await createStation(t.database.db, f.organization.id, { name: 'Linked station' });
    ({ headers } = await createSignedInUser(t.database.db, {
      organizationId: f.organization.id,
      role: 'admin',
    }));
  });
  afterAll(() => t.close());

  it('station profile media and description', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/stations/${station.slug}/profile`,
      headers,
      payload: {
        displayName: 'Linked',
        description: 'Site plan: {address}/plans/site.pdf',
        amenities: [],
        hours: {},
        photos: [
          { url: '{address}://stations/front.jpg', caption: 'Front' },
          { url: 'https://elsewhere.test/a.jpg' },
        ],
        phone: null,
        email: null,
        isPublished: true,
      },
    });
    expect(put.statusCode).toBe(200);
    const profile = (
      await t.app.inject({ method: 'GET', url: `/api/stations/${station.slug}/profile`, headers })
    ).json();
    expect(profile.photos.map((photo: { url: string }) => photo.url)).toEqual([
      `https://${HOST}/stations/front.jpg`,
      'https://elsewhere.test/a.jpg',
    ]);
    expect(profile.description).toBe(`Site plan: https://${HOST}/plans/site.pdf`);
    // Stored as written: the link follows FILES_HOST when it changes.
    const stored = await t.database.db
      .selectFrom('stationProfiles')
      .select('photos')
      .where('stationId', '=', station.id)
      .executeTakeFirstOrThrow();
    expect(stored.photos).toContain('{address}://stations/front.jpg');
  });

  it('incident description and timeline notes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers,
      payload: {
        stationId: station.id,
        type: 'dispenser_fault',
        severity: 'low',
        title: 'Nozzle 2 leaking',
        description: 'Photo: {address}://evidence/leak.jpg',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const noted = await t.app.inject({
      method: 'POST',
      url: `/api/incidents/${id}/notes`,
      headers,
      payload: { text: 'CCTV clip {address}://evidence/clip.mp4' },
    });
    expect(noted.statusCode).toBe(200);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/incidents/${id}`, headers })).json();
    expect(detail.description).toBe(`Photo: https://${HOST}/evidence/leak.jpg`);
    const texts = detail.timeline.map((event: { data: { text?: string } }) => event.data.text);
    expect(texts).toContain(`CCTV clip https://${HOST}/evidence/clip.mp4`);
    const list = (await t.app.inject({ method: 'GET', url: '/api/incidents', headers })).json();
    expect(list.results[0].description).toBe(`Photo: https://${HOST}/evidence/leak.jpg`);
  });

  it('notification content and its link, as rendered for the subscriber', async () => {
    const workflow = await f.v1('POST', '/v1/workflows', {
      name: 'Linked notice',
      steps: [
        {
          type: 'in_app',
          content: 'Report ready: <a href="{{report}}">open</a>',
          cta: { type: 'redirect', data: { url: '{{report}}' } },
        },
      ],
    });
    expect(workflow.statusCode).toBe(201);
    const name = workflow.json().data.triggers[0].identifier as string;
    const trigger = await f.v1('POST', '/v1/events/trigger', {
      name,
      to: 'linked-1',
      payload: { report: '{address}://reports/shift.pdf' },
    });
    expect(trigger.statusCode).toBe(201);
    await t.app.notify.queue.drain();
    const [message] = (await f.v1('GET', '/v1/messages?subscriberId=linked-1')).json().data as {
      content: string;
      cta: { data: { url?: string } };
    }[];
    expect(message?.content).toBe(`Report ready: <a href="https://${HOST}/reports/shift.pdf">open</a>`);
    expect(message?.cta.data.url).toBe(`https://${HOST}/reports/shift.pdf`);
  });

  it('notification content delivered by email and SMS', async () => {
    const name = 'linked-delivery';
    expect(
      (
        await f.v1('POST', '/v1/workflows', {
          name,
          triggerIdentifier: name,
          steps: [
            {
              type: 'email',
              subject: 'Shift report',
              content: '<p><a href="{{payload.report}}">Shift report</a></p>',
            },
            { type: 'sms', content: 'Shift report: {{payload.report}}' },
          ],
        })
      ).statusCode,
    ).toBe(201);
    for (const integration of [
      {
        providerId: 'novu-email',
        channel: 'email',
        credentials: { from: 'demo@forecourt.local', senderName: 'Forecourt' },
      },
      { providerId: 'novu-sms', channel: 'sms', credentials: {} },
    ])
      expect((await f.v1('POST', '/v1/integrations', integration)).statusCode).toBe(201);
    await f.v1('POST', '/v1/subscribers', {
      subscriberId: 'linked-2',
      email: 'linked@example.com',
      phone: '+919822222222',
    });
    const response = await triggerAndWait(t, f, {
      name,
      to: 'linked-2',
      payload: { report: '{address}://reports/shift.pdf' },
    });
    expect(response.statusCode).toBe(201);
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'textBody', 'htmlBody'])
      .where('organizationId', '=', f.organization.id)
      .orderBy('recipient')
      .execute();
    expect(outbox.map((row) => row.recipient)).toEqual(['+919822222222', 'linked@example.com']);
    expect(outbox[0]?.textBody).toBe(`Shift report: https://${HOST}/reports/shift.pdf`);
    expect(outbox[1]?.htmlBody).toContain(`href="https://${HOST}/reports/shift.pdf"`);
    expect(outbox.some((row) => `${row.textBody}${row.htmlBody}`.includes('{address}'))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { renewLeases } from './job-leases.repository';
import { createNotifyFixture, type NotifyFixture, triggerAndWait } from './testing';
import { pendingEventIds, releaseJobLeases } from './worker';

describe('leases on running notification jobs', () => {
  let t: TestApp;
  let f: NotifyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await createNotifyFixture(t);
    const created = await f.v1('POST', '/v1/workflows', {
      name: 'Lease',
      triggerIdentifier: 'lease',
      steps: [{ type: 'in_app', content: 'x' }],
    });
    expect(created.statusCode).toBe(201);
    for (const subscriberId of ['l-1', 'l-2', 'l-3']) await f.v1('POST', '/v1/subscribers', { subscriberId });
  });
  afterAll(() => t.close());

  /** A settled job put back to `running` as a process holding it would leave it. */
  async function runningJob(subscriberId: string, lease: { owner: string | null; expiresAt: number | null }) {
    const response = await triggerAndWait(t, f, { name: 'lease', to: subscriberId });
    expect(response.statusCode).toBe(201);
    const transactionId = response.json().data.transactionId as string;
    const job = await t.database.db
      .updateTable('notifyJobs')
      .set({ status: 'running', leaseOwner: lease.owner, leaseExpiresAt: lease.expiresAt })
      .where('transactionId', '=', transactionId)
      .returning(['id', 'eventId'])
      .executeTakeFirstOrThrow();
    return job;
  }
  const statusOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('notifyJobs')
        .select(['status', 'leaseOwner'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('a starting process takes back jobs whose lease expired, never those a live process holds', async () => {
    const now = t.clock.now();
    const live = await runningJob('l-1', { owner: 'live-process', expiresAt: now + 30_000 });
    const dead = await runningJob('l-2', { owner: 'dead-process', expiresAt: now - 1 });
    const legacy = await runningJob('l-3', { owner: null, expiresAt: null });

    const events = await pendingEventIds(t.database.db, now);
    expect(events).toContain(dead.eventId);
    expect(events).toContain(legacy.eventId);
    expect(events).not.toContain(live.eventId);
    expect(await statusOf(live.id)).toBe('running');
    expect(await statusOf(dead.id)).toBe('queued');
    expect(await statusOf(legacy.id)).toBe('queued');

    // Renewal keeps a live lease alive; only its holder can renew it.
    expect(await renewLeases(t.database.db, 'live-process', [live.id], now + 60_000)).toBe(1);
    expect(await renewLeases(t.database.db, 'someone-else', [live.id], now + 90_000)).toBe(0);
    expect(await pendingEventIds(t.database.db, now + 45_000)).not.toContain(live.eventId);

    // Shutdown: the holder ends its leases, and the next sweep takes the job at once.
    await releaseJobLeases(t.database.db, now + 45_000, { owner: 'live-process', ms: 30_000 });
    expect(await pendingEventIds(t.database.db, now + 45_000)).toContain(live.eventId);
    expect(await statusOf(live.id)).toBe('queued');
  });
});

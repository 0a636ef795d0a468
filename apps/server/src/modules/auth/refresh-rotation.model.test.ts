import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createMembership, createOrganization, createUser, TEST_PASSWORD } from '../../test/factories';
import { authContext } from './auth-context';
import {
  accessWorks,
  addFamily,
  currentWorks,
  type Model,
  newModel,
  presentStale,
  revokeAll,
  rotate,
} from './refresh-rotation.model';
import { revokeAllSessions } from './sessions.service';
import { authClient } from './test-helpers';

type Real = { t: TestApp; client: ReturnType<typeof authClient>; email: string; userId: number };
type Cmd = fc.AsyncCommand<Model, Real>;

const pick = <T>(items: readonly T[], index: number) => items[index % items.length]!;

function command(
  name: string,
  run: (m: Model, r: Real) => Promise<void>,
  check: (m: Model) => boolean = () => true,
): Cmd {
  return { check, run, toString: () => name };
}

const login = () =>
  command('login', async (m, r) => {
    const response = await r.client.login(r.email, TEST_PASSWORD);
    if (m.disabled) return void expect(response.statusCode).toBe(403);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    addFamily(m, body.refresh_token, body.access_token);
  });

const refreshCurrent = (index: number) =>
  command(
    `refresh(current of #${index})`,
    async (m, r) => {
      const family = pick(m.families, index);
      const response = await r.client.extend(family.current);
      if (!currentWorks(m, family)) return void expect(response.statusCode).toBe(401);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      rotate(m, family, { refresh: body.refresh_token, access: body.access_token });
    },
    (m) => m.families.length > 0,
  );

const refreshStale = (index: number, which: number) =>
  command(
    `refresh(stale ${which} of #${index})`,
    async (m, r) => {
      const family = pick(
        m.families.filter((f) => f.tokens.size > 1),
        index,
      );
      const used = [...family.tokens].filter(([, token]) => token.usedAt !== null).map(([value]) => value);
      const token = pick(used, which);
      const response = await r.client.extend(token);
      expect(response.statusCode).toBe(401);
      presentStale(m, family, token);
    },
    (m) => m.families.some((f) => f.tokens.size > 1),
  );

const concurrentRefresh = (index: number) =>
  command(
    `concurrent refresh ×2 (#${index})`,
    async (m, r) => {
      const family = pick(m.families, index);
      const answers = await Promise.all([r.client.extend(family.current), r.client.extend(family.current)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      if (!currentWorks(m, family)) return void expect(statuses).toEqual([401, 401]);
      expect(statuses).toEqual([200, 401]);
      const body = answers.find((a) => a.statusCode === 200)!.json();
      rotate(m, family, { refresh: body.refresh_token, access: body.access_token });
    },
    (m) => m.families.length > 0,
  );

const useAccess = () =>
  command(
    'verify(access)',
    async (m, r) => {
      const response = await r.client.verify(m.access!.token);
      expect(response.statusCode).toBe(accessWorks(m) ? 200 : 401);
    },
    (m) => m.access !== null,
  );

const logout = () =>
  command(
    'logout',
    async (m, r) => {
      const response = await r.client.logout(m.access!.token);
      if (!accessWorks(m)) return void expect(response.statusCode).toBe(401);
      expect(response.statusCode).toBe(204);
      revokeAll(m);
    },
    (m) => m.access !== null,
  );

const passwordReset = () =>
  command('password reset (revokeAllSessions)', async (m, r) => {
    await revokeAllSessions(r.t.database.db, r.userId);
    revokeAll(m);
  });

const disable = (disabled: boolean) =>
  command(disabled ? 'disable user' : 'enable user', async (m, r) => {
    const db = r.t.database.db;
    await db
      .updateTable('users')
      .set({ disabledAt: disabled ? m.now : null })
      .where('id', '=', r.userId)
      .execute();
    if (disabled) {
      await revokeAllSessions(db, r.userId);
      revokeAll(m);
    } else {
      authContext(db).users.invalidate(r.userId);
    }
    m.disabled = disabled;
  });

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const advance = (ms: number) =>
  command(`advance ${ms} ms`, async (m, r) => {
    r.t.clock.advance(ms);
    m.now += ms;
  });

const refreshes = fc.nat(5).map(refreshCurrent);
const advances = fc
  .constantFrom(500, 1_500, 2_500, 30_000, 14 * MINUTE, 16 * MINUTE, DAY, 6 * DAY, 8 * DAY, 31 * DAY)
  .map(advance);
/** Repeated entries weigh the draw towards the interesting paths (rotation, reuse, time). */
const commands = [
  fc.constant(login()),
  fc.constant(login()),
  refreshes,
  refreshes,
  refreshes,
  fc.tuple(fc.nat(5), fc.nat(5)).map(([i, j]) => refreshStale(i, j)),
  fc.tuple(fc.nat(5), fc.nat(5)).map(([i, j]) => refreshStale(i, j)),
  fc.nat(5).map(concurrentRefresh),
  fc.constant(useAccess()),
  fc.constant(logout()),
  fc.constant(passwordReset()),
  fc.boolean().map(disable),
  advances,
  advances,
];

describe('refresh-token rotation against a model (fast-check)', () => {
  let t: TestApp;
  let organizationId: number;
  const huge = { max: 1_000_000, windowMs: MINUTE };

  beforeAll(async () => {
    t = await createTestApp({
      auth: { loginLimits: { ipAttempts: huge, ipFailures: huge, accountFailures: huge } },
    });
    organizationId = (await createOrganization(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('answers like the model and never keeps two live tokens in a family', async () => {
    const numRuns = Number(process.env.FC_NUM_RUNS ?? 100);
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'large' }), async (cmds) => {
        const user = await createUser(t.database.db);
        await createMembership(t.database.db, { organizationId, userId: user.id });
        const real: Real = { t, client: authClient(t), email: user.email, userId: user.id };
        await fc.asyncModelRun(() => ({ model: newModel(t.clock.now()), real }), cmds);
        const live = await t.database.db
          .selectFrom('refreshTokens')
          .select(['familyId', (eb) => eb.fn.countAll<number>().as('live')])
          .where('userId', '=', user.id)
          .where('usedAt', 'is', null)
          .where('revokedAt', 'is', null)
          .groupBy('familyId')
          .execute();
        for (const family of live) expect(Number(family.live)).toBeLessThanOrEqual(1);
      }),
      { numRuns, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
    );
  }, 120_000);
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { outboxFor, tokenFromMail } from '../accounts/testing';
import { MemoryRateStore } from './rate-store';
import { authClient } from './test-helpers';

const NEW_PASSWORD = 'lantern-harbour-copper-9';

/**
 * A rate store that runs `interlude` once, when the login limiter records a successful password
 * check: the point where a sign-in has verified the password and is about to issue tokens. A test
 * sets it to make a password reset commit exactly there, the race of a slow sign-in.
 */
class InterludeStore extends MemoryRateStore {
  interlude: (() => Promise<void>) | null = null;

  override async clear(key: string): Promise<void> {
    const run = this.interlude;
    this.interlude = null;
    if (run) await run();
    await super.clear(key);
  }
}

describe('session revocation', () => {
  let t: TestApp;
  let client: ReturnType<typeof authClient>;
  const store = new InterludeStore();
  beforeAll(async () => {
    t = await createTestApp({ auth: { rateStore: store } });
    client = authClient(t);
  });
  afterEach(() => {
    store.interlude = null;
  });
  afterAll(() => t.close());

  it('a logout in the same millisecond as the sign-in before it still revokes (no second rounding)', async () => {
    const user = await createUser(t.database.db);
    // The clock does not move: every sign-in and sign-out below happens at the same instant.
    for (let round = 0; round < 3; round++) {
      const login = await client.login(user.email, TEST_PASSWORD);
      expect(login.statusCode, login.body).toBe(200);
      const { access_token, refresh_token } = login.json();
      expect((await client.verify(access_token)).statusCode, `round ${round}`).toBe(200);
      expect((await client.logout(access_token)).statusCode).toBe(204);
      expect((await client.verify(access_token)).statusCode, `round ${round}`).toBe(401);
      expect((await client.extend(refresh_token)).statusCode, `round ${round}`).toBe(401);
    }
  });

  it('a sign-in that checked the old password while a reset committed gets no working tokens', async () => {
    const user = await createUser(t.database.db);
    const reset = async () => {
      await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password/reset',
        payload: { email: user.email },
        remoteAddress: '10.3.0.9',
      });
      await t.app.backgroundTasks.drain();
      const mails = (await outboxFor(t.database.db, user.email)).filter((m) => m.subject.startsWith('Reset'));
      const token = tokenFromMail(mails.at(-1)?.textBody ?? '', '/reset-password');
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: NEW_PASSWORD },
      });
      expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    };
    store.interlude = reset;
    const racing = await client.login(user.email, TEST_PASSWORD);
    expect(store.interlude).toBeNull(); // the reset did run inside the sign-in
    if (racing.statusCode === 200) {
      const { access_token, refresh_token } = racing.json();
      expect((await client.verify(access_token)).statusCode).toBe(401);
      expect((await client.extend(refresh_token)).statusCode).toBe(401);
    } else {
      expect(racing.statusCode).toBe(401);
      expect(racing.json().code).toBe('INVALID_CREDENTIALS');
    }
    // The new password works; the old one does not.
    expect((await client.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await client.login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import {
  assertPasswordAcceptable,
  dummyPasswordHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from './password';

const rejects = (password: string, about = {}) =>
  expect(assertPasswordAcceptable(password, about)).rejects.toMatchObject({
    code: 'WEAK_PASSWORD',
    statusCode: 400,
  });

describe('password policy', () => {
  it('takes 8 to 128 characters of anything, counted as characters, not bytes', async () => {
    await rejects('short7!');
    await rejects('x'.repeat(129));
    await expect(assertPasswordAcceptable('tanker-dusk-41')).resolves.toBeUndefined();
    await expect(assertPasswordAcceptable('⛽'.repeat(8))).resolves.toBeUndefined();
    await expect(assertPasswordAcceptable(`q${'ü'.repeat(127)}`)).resolves.toBeUndefined();
  });

  it('rejects the common-password list, whatever the case', async () => {
    for (const password of ['password', 'Password1', '12345678', 'qwertyuiop', 'iloveyou', 'PASSWORD123']) {
      await rejects(password);
    }
  });

  it('rejects the email address, its local part and the name', async () => {
    const about = { email: 'asha.menon@sahyog.test', name: 'Asha Menon Fuels' };
    await rejects('asha.menon@sahyog.test', about);
    await rejects('ASHA.MENON', about);
    await rejects('asha menon fuels', about);
    await expect(assertPasswordAcceptable('menon-pump-ledger', about)).resolves.toBeUndefined();
  });

  it('explains what to do', async () => {
    await expect(assertPasswordAcceptable('password')).rejects.toThrow(/commonly used passwords/);
    await expect(assertPasswordAcceptable('abc')).rejects.toThrow(/at least 8 characters/);
  });
});

describe('password hashing', () => {
  it('stores argon2id with m=19 MiB, t=2 and verifies exactly', async () => {
    const stored = await hashPassword('Exact Phrase ');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=8192,t=1,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
    expect(await verifyPassword(stored, 'Exact Phrase ')).toBe(true);
    expect(await verifyPassword(stored, 'Exact Phrase')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('has a dummy hash with the same parameters that matches nothing', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(dummy, '')).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessToken, makeToken, signIn } from '../test/session';
import {
  clearCredentials,
  getSession,
  isLoggedIn,
  readCredentials,
  saveCredentials,
  subscribeSession,
} from './credentials';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stored credentials', () => {
  it.each([
    ['not JSON', '{not json'],
    ['JSON null', 'null'],
    ['a string', '"a.b.c"'],
    ['no refresh token', JSON.stringify({ access_token: 'a.b.c' })],
    ['no access token', JSON.stringify({ refresh_token: 'r' })],
    ['an empty access token', JSON.stringify({ access_token: '', refresh_token: 'r' })],
    ['a number for a token', JSON.stringify({ access_token: 1, refresh_token: 'r' })],
  ])('count as empty when they are %s', (_case, raw) => {
    window.localStorage.setItem('credentials', raw);
    expect(readCredentials()).toBeNull();
    expect(getSession()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('are saved under `credentials` and removed on clear', () => {
    saveCredentials({ access_token: 'a.b.c', refresh_token: 'r1', redirect_url: '/signup/organization' });
    expect(JSON.parse(window.localStorage.getItem('credentials')!)).toEqual({
      access_token: 'a.b.c',
      refresh_token: 'r1',
      redirect_url: '/signup/organization',
    });
    saveCredentials({ access_token: 'a.b.c', refresh_token: 'r2' });
    expect(JSON.parse(window.localStorage.getItem('credentials')!)).toEqual({
      access_token: 'a.b.c',
      refresh_token: 'r2',
    });
    clearCredentials();
    expect(window.localStorage.getItem('credentials')).toBeNull();
  });
});

describe('the session', () => {
  it('expands the token scope into grants', () => {
    window.localStorage.setItem(
      'credentials',
      JSON.stringify({
        access_token: makeToken({ sub: '5', scope: 'stations:r incidents:cru bogus:x', exp: 4_000_000_000 }),
        refresh_token: 'r',
      }),
    );
    const session = getSession();
    expect(session?.payload?.sub).toBe('5');
    expect([...(session?.grants ?? [])].sort()).toEqual([
      'incidents:c',
      'incidents:r',
      'incidents:u',
      'stations:r',
    ]);
    // The same object until the stored value changes.
    expect(getSession()).toBe(session);
  });

  it('is logged in only with a token whose expiry is in the future', () => {
    signIn('admin', { lifetime: 60 });
    expect(isLoggedIn()).toBe(true);
    signIn('admin', { lifetime: -1 });
    expect(isLoggedIn()).toBe(false);
    expect(getSession()).not.toBeNull();
  });

  it('has no grants and is not logged in with a bad token, reported once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(
      'credentials',
      JSON.stringify({ access_token: 'garbage', refresh_token: 'r' }),
    );
    expect(getSession()?.payload).toBeNull();
    expect(getSession()?.grants.size).toBe(0);
    expect(isLoggedIn()).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Invalid token received');
  });

  it('tells subscribers about changes in this tab and in others', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveCredentials({ access_token: accessToken(), refresh_token: 'r' });
    clearCredentials();
    expect(listener).toHaveBeenCalledTimes(2);

    window.dispatchEvent(
      new StorageEvent('storage', { key: 'credentials', newValue: null, storageArea: window.localStorage }),
    );
    expect(listener).toHaveBeenCalledTimes(3);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'appearance.theme',
        newValue: 'dark',
        storageArea: window.localStorage,
      }),
    );
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    saveCredentials({ access_token: accessToken(), refresh_token: 'r' });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

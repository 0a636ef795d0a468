import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '../test/session';
import { decodeAccessToken, isPayloadLive } from './token';

function spyOnConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('decodeAccessToken', () => {
  it('reads sub, scope, exp and org from the payload without verifying the signature', () => {
    const token = makeToken({
      sub: '42',
      scope: 'stations:r incidents:cru',
      exp: 2_000_000_000,
      org: 7,
      iss: 'x',
    });
    expect(decodeAccessToken(token)).toEqual({
      sub: '42',
      scope: 'stations:r incidents:cru',
      exp: 2_000_000_000,
      org: 7,
    });
    // The signature part is not looked at.
    expect(decodeAccessToken(`${token.split('.').slice(0, 2).join('.')}.not-a-signature`)?.sub).toBe('42');
  });

  it('decodes base64url (- and _, no padding) and UTF-8 text', () => {
    // "ü?>" style bytes produce '-' and '_' in base64url; the lengths cover every padding case.
    for (const sub of ['a', 'ab', 'abc', 'ünïcødé ✓', '>>>???', '~~~']) {
      const token = makeToken({ sub, scope: '', exp: 1 });
      expect(decodeAccessToken(token)?.sub).toBe(sub);
    }
    const withUrlChars = makeToken({ sub: '\u00fb\u00ff\u00fe', scope: '', exp: 1 });
    expect(withUrlChars.split('.')[1]).toMatch(/[-_]/);
    expect(decodeAccessToken(withUrlChars)?.sub).toBe('\u00fb\u00ff\u00fe');
  });

  it.each([
    ['one part', 'abc'],
    ['two parts', 'abc.def'],
    ['four parts', 'a.b.c.d'],
    ['an empty payload', 'abc..def'],
    ['a payload that is not base64url', 'abc.***.def'],
    ['standard base64 characters', `abc.${btoa('{"sub":"1"}').replace(/=/g, '')}+/.def`],
    ['an impossible base64 length', 'abc.abcde.def'],
    ['a payload that is not JSON', `abc.${btoa('not json').replace(/=+$/, '')}.def`],
    ['a payload that is not UTF-8', `abc.${btoa('\xff\xfe\xfd').replace(/=+$/, '')}.def`],
    ['a payload without sub', makeToken({ scope: 'stations:r', exp: 1 })],
    ['a payload without exp', makeToken({ sub: '1', scope: 'stations:r' })],
    ['an exp that is a string', makeToken({ sub: '1', scope: '', exp: '2030-01-01' })],
    ['a sub that is a number', makeToken({ sub: 1, scope: '', exp: 1 })],
    ['a JSON array', `abc.${btoa('[1,2]').replace(/=+$/, '')}.def`],
  ])('logs "Invalid token received" and yields nothing for %s', (_case, token) => {
    const error = spyOnConsoleError();
    expect(decodeAccessToken(token)).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Invalid token received');
  });

  it('yields nothing, quietly, when there is no token at all', () => {
    const error = spyOnConsoleError();
    expect(decodeAccessToken(null)).toBeNull();
    expect(decodeAccessToken(undefined)).toBeNull();
    expect(decodeAccessToken('')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('isPayloadLive', () => {
  const payload = { sub: '1', scope: '', exp: 1_000 };
  it('is true only while exp (seconds) is in the future', () => {
    expect(isPayloadLive(payload, 999_999)).toBe(true);
    expect(isPayloadLive(payload, 1_000_000)).toBe(false);
    expect(isPayloadLive(payload, 1_000_001)).toBe(false);
    expect(isPayloadLive(null, 0)).toBe(false);
  });
});

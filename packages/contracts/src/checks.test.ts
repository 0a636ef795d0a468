import { describe, expect, it } from 'vitest';
import { isBase64, isBase64LengthValid, isUriWithinLimit, MAX_URI_LENGTH, ZBase64, ZUri } from './checks';

const urlOfLength = (length: number) => {
  const prefix = 'https://example.in/';
  return prefix + 'a'.repeat(length - prefix.length);
};

describe('isUriWithinLimit', () => {
  it('allows up to 2000 characters', () => {
    expect(MAX_URI_LENGTH).toBe(2000);
    expect(isUriWithinLimit(urlOfLength(2000))).toBe(true);
    expect(isUriWithinLimit(urlOfLength(2001))).toBe(false);
    expect(isUriWithinLimit('')).toBe(true);
  });

  it('counts UTF-16 code units, as browsers do', () => {
    expect(isUriWithinLimit('😀'.repeat(1000))).toBe(true);
    expect(isUriWithinLimit('😀'.repeat(1001))).toBe(false);
  });
});

describe('isBase64LengthValid', () => {
  it('wants a multiple of four', () => {
    expect(isBase64LengthValid('')).toBe(true);
    expect(isBase64LengthValid('TWFu')).toBe(true);
    expect(isBase64LengthValid('TWE=')).toBe(true);
    expect(isBase64LengthValid('TWE')).toBe(false);
    expect(isBase64LengthValid('TWFuTQ')).toBe(false);
    expect(isBase64LengthValid('TWFuTQ===')).toBe(false);
  });
});

describe('isBase64', () => {
  it('checks the alphabet and padding as well as the length', () => {
    expect(isBase64('TWFuTQ==')).toBe(true);
    expect(isBase64('a+b/')).toBe(true);
    expect(isBase64('TW=u')).toBe(false);
    expect(isBase64('TW-_')).toBe(false);
    expect(isBase64('T===')).toBe(false);
    expect(isBase64('TWE')).toBe(false);
  });
});

describe('ZUri', () => {
  it('accepts http and https URLs within the limit', () => {
    expect(ZUri.safeParse('https://forecourt.example/stations/a').success).toBe(true);
    expect(ZUri.safeParse('http://localhost:3000/x').success).toBe(true);
    expect(ZUri.safeParse(urlOfLength(2000)).success).toBe(true);
  });

  it('rejects long, malformed and non-web URLs', () => {
    const tooLong = ZUri.safeParse(urlOfLength(2001));
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('Must be at most 2000 characters');
    expect(ZUri.safeParse('not a url').success).toBe(false);
    expect(ZUri.safeParse('javascript:alert(1)').success).toBe(false);
  });
});

describe('ZBase64', () => {
  it('accepts padded base64', () => {
    expect(ZBase64.safeParse('TWFuTQ==').success).toBe(true);
    expect(ZBase64.safeParse('').success).toBe(true);
  });

  it('reports the length rule first and alone', () => {
    const result = ZBase64.safeParse('TW!');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Base64 length must be a multiple of 4',
    ]);
  });

  it('reports a bad alphabet', () => {
    expect(ZBase64.safeParse('TW!!').error?.issues[0]?.message).toBe('Not a base64 string');
  });
});

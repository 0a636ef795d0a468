import { describe, expect, it } from 'vitest';
import { postLoginDestination, sanitizeRedirect } from './redirect';

const ORIGIN = 'http://localhost:3000';

describe('sanitizeRedirect', () => {
  it.each([
    ['/stations', '/stations'],
    [
      '/stations/baner-road/metrics?from=2024-01-01#chart',
      '/stations/baner-road/metrics?from=2024-01-01#chart',
    ],
    ['/signup/organization', '/signup/organization'],
    ['/settings/members?page=2', '/settings/members?page=2'],
    ['/a/../stations', '/stations'],
    ['/stations?next=https://evil.example', '/stations?next=https://evil.example'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(sanitizeRedirect(value, ORIGIN)).toBe(expected);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/stations'],
    ['an absolute URL of this very site', `${ORIGIN}/stations`],
    ['a protocol-relative URL', '//evil.example/stations'],
    ['a protocol-relative URL with a backslash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'stations'],
    ['a tab that browsers strip', '/\t/evil.example'],
    ['a newline', '/stations\nSet-Cookie: x=1'],
    ['an empty string', ''],
    ['the login page', '/login'],
    ['the login page with its own redirect', '/login?redirect_url=/stations'],
    ['something very long', `/${'a'.repeat(2001)}`],
  ])('rejects %s', (_case, value) => {
    expect(sanitizeRedirect(value, ORIGIN)).toBeNull();
  });

  it('rejects values that are not strings', () => {
    expect(sanitizeRedirect(undefined, ORIGIN)).toBeNull();
    expect(sanitizeRedirect(null, ORIGIN)).toBeNull();
    expect(sanitizeRedirect(['/stations'], ORIGIN)).toBeNull();
  });
});

describe('postLoginDestination', () => {
  it('prefers redirect_url, then default_redirect, then the home page', () => {
    // `/` sends each user on to their own home page.
    expect(postLoginDestination()).toBe('/');
    window.localStorage.setItem('default_redirect', '/incidents');
    expect(postLoginDestination()).toBe('/incidents');
    expect(postLoginDestination('/vehicles?page=2')).toBe('/vehicles?page=2');
    expect(postLoginDestination('https://evil.example')).toBe('/incidents');
    window.localStorage.setItem('default_redirect', '//evil.example');
    expect(postLoginDestination('https://evil.example')).toBe('/');
  });
});

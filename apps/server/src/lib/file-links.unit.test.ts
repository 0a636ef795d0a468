import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { filesHostOf, resolveFileLinks } from './file-links';

describe('{address} links', () => {
  it('rewrites both spellings to https on the files host and leaves other links alone', () => {
    const host = 'files.forecourt.test';
    expect(resolveFileLinks('{address}://stations/12/front.jpg', host)).toBe(
      'https://files.forecourt.test/stations/12/front.jpg',
    );
    expect(resolveFileLinks('see {address}/evidence/a.pdf and http://x.test/{address}', host)).toBe(
      'see https://files.forecourt.test/evidence/a.pdf and http://x.test/{address}',
    );
    expect(resolveFileLinks('<img src="{address}://a.png"><a href="{address}://b.pdf">b</a>', host)).toBe(
      '<img src="https://files.forecourt.test/a.png"><a href="https://files.forecourt.test/b.pdf">b</a>',
    );
    expect(resolveFileLinks('no links here', host)).toBe('no links here');
  });

  it('takes FILES_HOST, else the host of APP_URL (https even when APP_URL is http)', () => {
    expect(filesHostOf(undefined, 'http://localhost:8080')).toBe('localhost:8080');
    expect(filesHostOf('cdn.example.test/forecourt/', 'http://localhost:8080')).toBe(
      'cdn.example.test/forecourt',
    );
    expect(loadConfig({}).filesHost).toBe('localhost:8080');
    expect(loadConfig({ APP_URL: 'https://ops.example.test' }).filesHost).toBe('ops.example.test');
    expect(loadConfig({ FILES_HOST: 'files.example.test:8443' }).filesHost).toBe('files.example.test:8443');
    expect(() => loadConfig({ FILES_HOST: 'https://files.example.test' })).toThrow(/FILES_HOST/);
  });
});

// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The example host app (examples/inbox-host) must keep building against the widget's API. */
const example = resolve(import.meta.dirname, '../../../examples/inbox-host');
const outDir = mkdtempSync(join(tmpdir(), 'inbox-host-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('example host app', () => {
  it('builds with the repository’s Vite, bundling the widget and its styles', async () => {
    const { build } = await import('vite');
    await build({
      root: example,
      configFile: join(example, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const assets = readdirSync(join(outDir, 'assets'));
    const js = assets
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(outDir, 'assets', name), 'utf8'));
    const css = assets
      .filter((name) => name.endsWith('.css'))
      .map((name) => readFileSync(join(outDir, 'assets', name), 'utf8'));
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('<script type="module"');
    expect(js.join('\n')).toContain('widget_user_auth_token');
    expect(css.join('\n')).toContain('.fc-inbox-root');
  }, 120_000);
});

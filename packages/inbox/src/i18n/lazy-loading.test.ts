// @vitest-environment node
// (esbuild's JS API refuses to run under jsdom, whose TextEncoder is not Node's.)
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { INBOX_LANGUAGES } from './load';
import type { InboxTranslations } from './types';

const src = fileURLToPath(new URL('..', import.meta.url));
const i18n = fileURLToPath(new URL('.', import.meta.url));

/** The files the package's entry reaches without the language files. */
const mainFiles = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
  (name) =>
    /\.tsx?$/.test(name) &&
    !/\.test\.tsx?$/.test(name) &&
    !name.includes('languages') &&
    !name.startsWith('test'),
);

describe('language files are loaded lazily', () => {
  it('are never imported statically by the entry, the provider or any other module', () => {
    const offenders = mainFiles.filter((name) => {
      const text = readFileSync(`${src}/${name}`, 'utf8');
      // A static `import … from '…/languages/…'` or `export … from '…/languages/…'`.
      return /^\s*(import|export)\b[^;]*?from\s+['"][^'"]*\/languages\//m.test(text);
    });
    expect(offenders).toEqual([]);
    // And the loader reaches each language only through `import('./languages/<code>')`.
    const loader = readFileSync(`${i18n}/load.ts`, 'utf8');
    const dynamic = [...loader.matchAll(/import\('\.\/languages\/([\w-]+)'\)/g)].map((match) => match[1]);
    expect(dynamic.sort()).toEqual(INBOX_LANGUAGES.filter((code) => code !== 'en').sort());
  });

  it('bundle into one chunk per language, apart from the entry', async () => {
    const result = await build({
      entryPoints: { index: `${src}/index.ts`, load: `${i18n}/load.ts` },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      packages: 'external',
      loader: { '.css': 'empty' },
      jsx: 'automatic',
      charset: 'utf8',
      write: false,
      outdir: '/virtual-out',
      logLevel: 'silent',
    });
    const files = result.outputFiles.map((file) => ({ path: file.path, text: file.text }));
    const entries = files.filter((file) => /\/(index|load)\.js$/.test(file.path));
    const chunks = files.filter((file) => !entries.includes(file));
    expect(entries).toHaveLength(2);

    const all = new Map<string, InboxTranslations>();
    for (const code of INBOX_LANGUAGES) {
      const module = (await import(`./languages/${code}.ts`)) as { translations: InboxTranslations };
      all.set(code, module.translations);
    }
    const owners = new Map<string, number>();
    for (const translations of all.values()) {
      for (const text of new Set(Object.values(translations))) owners.set(text, (owners.get(text) ?? 0) + 1);
    }
    for (const [code, translations] of all) {
      if (code === 'en') continue;
      // A string that only this language has, to find where the language ended up.
      const marker = Object.values(translations).find((text) => owners.get(text) === 1);
      expect(marker, `${code} has a string of its own`).toBeDefined();
      const holders = files.filter((file) => file.text.includes(marker ?? ''));
      expect({ code, holders: holders.map((file) => file.path) }).toEqual({
        code,
        holders: [expect.stringMatching(new RegExp(`/${code}-\\w+\\.js$`))],
      });
    }
    const german = all.get('de')!;
    expect(chunks.length).toBeGreaterThanOrEqual(INBOX_LANGUAGES.length - 1);
    for (const entry of entries) expect(entry.text).not.toContain(german.notifications);
  });
});

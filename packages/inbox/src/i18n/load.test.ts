import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { INBOX_LANGUAGES, isRtlLanguage, loadInboxTranslations, resolveInboxLanguage } from './load';
import type { InboxTranslations } from './types';

// import.meta.dirname: jsdom's URL cannot be handed to node:fs.
const languagesDir = join(import.meta.dirname, 'languages');
const englishKeys = Object.keys(en).sort();
const placeholders = (text: string | undefined) =>
  [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Every language, loaded once through the public loader (so the dynamic imports are exercised). */
const loaded = new Map<string, InboxTranslations>();
async function load(code: string): Promise<InboxTranslations> {
  const cached = loaded.get(code);
  if (cached) return cached;
  const translations = await loadInboxTranslations(code);
  loaded.set(code, translations);
  return translations;
}

describe('INBOX_LANGUAGES', () => {
  it('are the 72 bundled languages, each once', () => {
    expect(INBOX_LANGUAGES).toHaveLength(72);
    expect(new Set(INBOX_LANGUAGES).size).toBe(72);
    expect(INBOX_LANGUAGES).toContain('en');
  });

  it('match the files in languages/ one to one', () => {
    const files = readdirSync(languagesDir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.slice(0, -3))
      .sort();
    expect(files).toEqual([...INBOX_LANGUAGES].sort());
  });
});

describe('loadInboxTranslations', () => {
  it('resolves English from the bundled reference itself', async () => {
    expect(await loadInboxTranslations('en')).toBe(en);
  });

  it.each(INBOX_LANGUAGES)('loads %s', async (code) => {
    const translations = await load(code);
    expect(typeof translations).toBe('object');
    expect(translations.notifications).toBeTruthy();
  });

  // Completeness. The type already makes a missing key a compile error, but vitest does not type-check,
  // and a file can cast its way past the type. So each language is compared with en.ts at run time: if
  // `fr.ts` lacked `retry`, `translations.retry` would be undefined, `missing` would be ['retry'] and the
  // first assertion would fail naming the language and the key; a key present but '' or only spaces
  // fails `empty`. The key list comes from en.ts, so a key added there fails every language that has
  // not been given it yet.
  it.each(INBOX_LANGUAGES)(
    '%s has every key of en.ts, each a non-empty string, and no other',
    async (code) => {
      const translations = (await load(code)) as Record<string, unknown>;
      const missing = englishKeys.filter((key) => typeof translations[key] !== 'string');
      const empty = englishKeys.filter(
        (key) => typeof translations[key] === 'string' && (translations[key] as string).trim() === '',
      );
      const extra = Object.keys(translations).filter((key) => !(key in en));
      expect({ code, missing, empty, extra }).toEqual({ code, missing: [], empty: [], extra: [] });
    },
  );

  it.each(INBOX_LANGUAGES)('%s keeps the placeholders of every string and the product name', async (code) => {
    const translations = await load(code);
    const wrong = englishKeys.filter((key) => {
      const english = en[key as keyof InboxTranslations];
      const translated = translations[key as keyof InboxTranslations];
      return placeholders(translated).join() !== placeholders(english).join();
    });
    expect({ code, wrong }).toEqual({ code, wrong: [] });
    expect(translations.poweredBy).toContain('Forecourt');
  });

  it('rejects an unknown code with an error naming it and the supported languages', async () => {
    await expect(loadInboxTranslations('xx')).rejects.toThrow(/"xx".*af, am, ar, .*zh, zu/);
    await expect(loadInboxTranslations('toString')).rejects.toThrow(/"toString"/);
    await expect(loadInboxTranslations('pt-BR')).rejects.toThrow(/"pt-BR"/);
  });

  it('gives each language its own strings (no file is a copy of English)', async () => {
    const copies: string[] = [];
    for (const code of INBOX_LANGUAGES) {
      if (code === 'en') continue;
      const translations = await load(code);
      const same = englishKeys.filter(
        (key) => translations[key as keyof InboxTranslations] === en[key as keyof InboxTranslations],
      );
      // Short words such as "Notifications" (fr) or "Chat" may be spelt as in English; most may not.
      if (same.length > englishKeys.length / 4) copies.push(`${code}: ${same.join(', ')}`);
    }
    expect(copies).toEqual([]);
  });
});

describe('isRtlLanguage', () => {
  it('is true for the languages written right to left, false for the others', () => {
    const rtl = INBOX_LANGUAGES.filter(isRtlLanguage);
    expect(rtl.sort()).toEqual(['ar', 'fa', 'he', 'sd', 'ur']);
    // Kurdish here is Kurmanji in Latin script (see INBOX_LANGUAGES).
    expect(isRtlLanguage('ku')).toBe(false);
    expect(isRtlLanguage('ar-EG')).toBe(true);
    expect(isRtlLanguage('unknown')).toBe(false);
  });
});

describe('resolveInboxLanguage', () => {
  it('maps browser locales and old codes to a supported language', () => {
    expect(resolveInboxLanguage('pt-BR')).toBe('pt');
    expect(resolveInboxLanguage('zh-Hans-CN')).toBe('zh');
    expect(resolveInboxLanguage('DE')).toBe('de');
    expect(resolveInboxLanguage('fil-PH')).toBe('tl');
    expect(resolveInboxLanguage('iw')).toBe('he');
    expect(resolveInboxLanguage('no')).toBe('nb');
    expect(resolveInboxLanguage('xx-YY')).toBeUndefined();
    expect(resolveInboxLanguage('')).toBeUndefined();
  });
});

import { en } from './en';
import type { InboxTranslations } from './types';

/**
 * The 72 interface languages of the inbox, as ISO 639-1 codes. `bh` is Bihari written as Bhojpuri
 * (Devanagari); `ku` is Kurdish in its Kurmanji form, Latin script, left to right (as CLDR's `ku`;
 * Sorani, Arabic script, would be `ckb` and right to left); `sd` is Sindhi in Arabic script;
 * `pa` is Punjabi in Gurmukhi; `uz` is Uzbek in Latin script; `zh` is Simplified Chinese.
 */
export const INBOX_LANGUAGES: readonly string[] = Object.freeze([
  'af',
  'am',
  'ar',
  'as',
  'az',
  'ba',
  'be',
  'bg',
  'bh',
  'bn',
  'bs',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'eu',
  'fa',
  'fi',
  'fr',
  'ga',
  'gl',
  'gu',
  'he',
  'hi',
  'hr',
  'hu',
  'hy',
  'id',
  'ig',
  'it',
  'ja',
  'ka',
  'kk',
  'km',
  'kn',
  'ko',
  'ku',
  'lo',
  'lt',
  'lv',
  'ml',
  'mr',
  'ms',
  'nb',
  'ne',
  'nl',
  'or',
  'pa',
  'pl',
  'pt',
  'ro',
  'ru',
  'sa',
  'sd',
  'si',
  'sm',
  'sq',
  'sv',
  'ta',
  'te',
  'th',
  'tl',
  'tr',
  'uk',
  'ur',
  'uz',
  'vi',
  'zh',
  'zu',
]);

/** The languages written right to left: Arabic, Persian, Hebrew, Urdu and Sindhi (Arabic script). */
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'fa', 'he', 'sd', 'ur']);

/** Whether the language of `code` (one of {@link INBOX_LANGUAGES}, or a tag such as `ar-EG`) is right to left. */
export function isRtlLanguage(code: string): boolean {
  return RTL_LANGUAGES.has(code.toLowerCase().split(/[-_]/)[0] ?? '');
}

type LanguageModule = { translations: InboxTranslations };

/**
 * One dynamic `import()` per language, each written out so that every bundler (Vite, Rollup,
 * esbuild, webpack) sees the file and puts it in a chunk of its own, fetched only when asked for.
 * English is not here: it is already in the main bundle.
 */
const loaders: Record<string, () => Promise<LanguageModule>> = {
  af: () => import('./languages/af'),
  am: () => import('./languages/am'),
  ar: () => import('./languages/ar'),
  as: () => import('./languages/as'),
  az: () => import('./languages/az'),
  ba: () => import('./languages/ba'),
  be: () => import('./languages/be'),
  bg: () => import('./languages/bg'),
  bh: () => import('./languages/bh'),
  bn: () => import('./languages/bn'),
  bs: () => import('./languages/bs'),
  ca: () => import('./languages/ca'),
  cs: () => import('./languages/cs'),
  da: () => import('./languages/da'),
  de: () => import('./languages/de'),
  el: () => import('./languages/el'),
  es: () => import('./languages/es'),
  eu: () => import('./languages/eu'),
  fa: () => import('./languages/fa'),
  fi: () => import('./languages/fi'),
  fr: () => import('./languages/fr'),
  ga: () => import('./languages/ga'),
  gl: () => import('./languages/gl'),
  gu: () => import('./languages/gu'),
  he: () => import('./languages/he'),
  hi: () => import('./languages/hi'),
  hr: () => import('./languages/hr'),
  hu: () => import('./languages/hu'),
  hy: () => import('./languages/hy'),
  id: () => import('./languages/id'),
  ig: () => import('./languages/ig'),
  it: () => import('./languages/it'),
  ja: () => import('./languages/ja'),
  ka: () => import('./languages/ka'),
  kk: () => import('./languages/kk'),
  km: () => import('./languages/km'),
  kn: () => import('./languages/kn'),
  ko: () => import('./languages/ko'),
  ku: () => import('./languages/ku'),
  lo: () => import('./languages/lo'),
  lt: () => import('./languages/lt'),
  lv: () => import('./languages/lv'),
  ml: () => import('./languages/ml'),
  mr: () => import('./languages/mr'),
  ms: () => import('./languages/ms'),
  nb: () => import('./languages/nb'),
  ne: () => import('./languages/ne'),
  nl: () => import('./languages/nl'),
  or: () => import('./languages/or'),
  pa: () => import('./languages/pa'),
  pl: () => import('./languages/pl'),
  pt: () => import('./languages/pt'),
  ro: () => import('./languages/ro'),
  ru: () => import('./languages/ru'),
  sa: () => import('./languages/sa'),
  sd: () => import('./languages/sd'),
  si: () => import('./languages/si'),
  sm: () => import('./languages/sm'),
  sq: () => import('./languages/sq'),
  sv: () => import('./languages/sv'),
  ta: () => import('./languages/ta'),
  te: () => import('./languages/te'),
  th: () => import('./languages/th'),
  tl: () => import('./languages/tl'),
  tr: () => import('./languages/tr'),
  uk: () => import('./languages/uk'),
  ur: () => import('./languages/ur'),
  uz: () => import('./languages/uz'),
  vi: () => import('./languages/vi'),
  zh: () => import('./languages/zh'),
  zu: () => import('./languages/zu'),
};

/**
 * The strings of one language: `en` at once from the bundled reference, any other of
 * {@link INBOX_LANGUAGES} from its own chunk. An unknown code rejects, naming the code and the
 * supported list (use {@link resolveInboxLanguage} to map a browser locale first).
 */
export function loadInboxTranslations(code: string): Promise<InboxTranslations> {
  if (code === 'en') return Promise.resolve(en);
  const load = Object.hasOwn(loaders, code) ? loaders[code] : undefined;
  if (!load) {
    return Promise.reject(
      new Error(`Unsupported inbox language "${code}"; supported: ${INBOX_LANGUAGES.join(', ')}`),
    );
  }
  return load().then((module) => module.translations);
}

/** Older or alternative codes of supported languages. */
const ALIASES: Readonly<Record<string, string>> = {
  fil: 'tl',
  in: 'id',
  iw: 'he',
  no: 'nb',
  nn: 'nb',
  bho: 'bh',
  kmr: 'ku',
};

/**
 * The supported language for a BCP 47 tag such as `navigator.language` (`pt-BR` → `pt`,
 * `zh-Hans-CN` → `zh`, `fil` → `tl`, `no` → `nb`), or `undefined` when there is none.
 */
export function resolveInboxLanguage(tag: string): string | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const code = ALIASES[primary] ?? primary;
  return INBOX_LANGUAGES.includes(code) ? code : undefined;
}

import { describe, expect, it } from 'vitest';

/**
 * Money reads one way (docs/DISPLAY-RULES.md, "Money"): screens format amounts only through
 * lib/money.ts. This scans the app's sources for a screen formatting money itself.
 */
const sources = import.meta.glob(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!./money.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;

/** What formatting money by hand looks like, and what to use instead. */
const HAND_FORMATTING: { pattern: RegExp; instead: string }[] = [
  { pattern: /currency\s*:/, instead: 'formatMoney (no Intl currency formats of its own)' },
  { pattern: /₹\s*\$\{/, instead: 'formatMoney / formatMoneyCompact (no "₹" glued to a number)' },
  { pattern: /['"`]₹['"`]/, instead: 'formatMoney / formatMoneyCompact (no rupee sign added by hand)' },
  { pattern: /paise\)?\s*\/\s*100\b/i, instead: 'paiseToRupees or formatMoney (no paise / 100)' },
  { pattern: /\.toFixed\(2\)/, instead: 'formatMoney (no toFixed(2) amounts)' },
];

/** Every place a source breaks the rule, as `file: what to use`. */
function handFormattedMoney(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, source]) =>
    HAND_FORMATTING.filter(({ pattern }) => pattern.test(source)).map(({ instead }) => `${file}: ${instead}`),
  );
}

describe('the one money rule', () => {
  it('scans the app', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('no screen formats money itself', () => {
    expect(handFormattedMoney(sources)).toEqual([]);
  });

  it('recognises hand-made money', () => {
    const samples = {
      intl: "new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })",
      glued: ['const text = `₹$', '{amount}`;'].join(''),
      sign: "return '₹' + value;",
      divided: 'const rupees = card.limitPaise / 100;',
      fixed: 'label={(amount / 100).toFixed(2)}',
    };
    expect(handFormattedMoney(samples)).toHaveLength(5);
    expect(handFormattedMoney({ label: 'label="Daily limit (₹)"', points: 'per ₹100' })).toEqual([]);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { BUDGET_GZIP_BYTES, measureWidget } from '../scripts/check-size.mjs';

type Size = { jsGzipBytes: number; cssGzipBytes: number; languagesInBundle: number; largest: unknown[] };

describe('size budget', () => {
  it('the built widget without languages stays within 50 kB gzip', async () => {
    const size = (await measureWidget()) as Size;
    expect(size.languagesInBundle).toBe(0);
    expect(size.jsGzipBytes).toBeGreaterThan(10_000); // the bundle really contains the widget
    expect(size.jsGzipBytes + size.cssGzipBytes, JSON.stringify(size.largest)).toBeLessThanOrEqual(
      BUDGET_GZIP_BYTES,
    );
  }, 60_000);
});

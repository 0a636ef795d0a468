import { darken, lighten, luminance } from '@mantine/core';

/** WCAG 2 AA for normal-size text, with a little margin for anti-aliasing and rounding. */
export const MIN_TEXT_CONTRAST = 4.6;

/** The WCAG 2 contrast ratio of two opaque colours (hex or rgb). */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

function readableOnAll(color: string, backgrounds: readonly string[], min: number): boolean {
  return backgrounds.every((background) => contrastRatio(color, background) >= min);
}

/**
 * The first of `candidates` (in order of preference) that reads on every background; when none
 * does, the last candidate darkened (light theme) or lightened (dark theme) step by step until it
 * does. Used to derive text colours from the palette instead of hand-picking them.
 */
export function readableColor(
  candidates: readonly string[],
  backgrounds: readonly string[],
  direction: 'darker' | 'lighter',
  min = MIN_TEXT_CONTRAST,
): string {
  const found = candidates.find((color) => readableOnAll(color, backgrounds, min));
  if (found) return found;
  const last = candidates[candidates.length - 1] ?? '#000000';
  for (let step = 0.05; step < 1; step += 0.05) {
    const adjusted = direction === 'darker' ? darken(last, step) : lighten(last, step);
    if (readableOnAll(adjusted, backgrounds, min)) return adjusted;
  }
  return direction === 'darker' ? '#000000' : '#ffffff';
}

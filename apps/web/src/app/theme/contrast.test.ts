import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableColor } from './contrast';
import { cssVariablesResolver, theme } from './theme';

const merged = { ...DEFAULT_THEME, ...theme, colors: DEFAULT_THEME.colors } as typeof DEFAULT_THEME;
const { light, dark } = cssVariablesResolver(merged);
const { white, colors } = DEFAULT_THEME;

describe('contrast', () => {
  it('measures WCAG ratios', () => {
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
  });

  it('keeps a readable candidate and darkens one that is not', () => {
    expect(readableColor(['#495057'], ['#ffffff'], 'darker')).toBe('#495057');
    const darkened = readableColor(['#fab005'], ['#ffffff'], 'darker');
    expect(contrastRatio(darkened, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('theme colours reach WCAG AA for text', () => {
  it('dimmed text and links, both themes', () => {
    for (const surface of [white, colors.gray[0], colors.gray[1]]) {
      expect(contrastRatio(light['--mantine-color-dimmed'] ?? '', surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light['--mantine-color-anchor'] ?? '', surface)).toBeGreaterThanOrEqual(4.5);
    }
    for (const surface of [colors.dark[7], colors.dark[6], colors.dark[5]]) {
      expect(contrastRatio(dark['--mantine-color-dimmed'] ?? '', surface)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(dark['--mantine-color-anchor'] ?? '', surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('white on every filled colour, coloured text on the page, light-variant text on its tint', () => {
    for (const [name, shades] of Object.entries(colors)) {
      if (name === 'dark') continue;
      for (const scheme of [light, dark]) {
        expect(
          contrastRatio(scheme[`--mantine-color-${name}-filled`] ?? '', white),
          name,
        ).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(light[`--mantine-color-${name}-text`] ?? '', white), name).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(
        contrastRatio(light[`--mantine-color-${name}-light-color`] ?? '', shades[1]),
        name,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(dark[`--mantine-color-${name}-text`] ?? '', colors.dark[7]),
        name,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});

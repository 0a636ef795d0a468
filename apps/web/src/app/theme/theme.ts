import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  type MantineColorsTuple,
} from '@mantine/core';
import { readableColor } from './contrast';

/** Forecourt's Mantine theme: system fonts (nothing to download), indigo accents, calm radii. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // Links are told from the text around them by more than colour.
    Anchor: { defaultProps: { underline: 'always' } },
    // A menu holds only its items: no focus placeholder (role="presentation") among them, which
    // a `menu` may not contain; the first item takes focus when the menu opens.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A badge carries a status or a severity: it keeps its whole word and never shrinks to "Acknowl…".
    Badge: { styles: { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } },
  },
});

const { white } = DEFAULT_THEME;
const gray = DEFAULT_THEME.colors.gray;
const dark = DEFAULT_THEME.colors.dark;

/** Surfaces text sits on: the page, striped and hovered rows, cards (light theme). */
const LIGHT_SURFACES = [white, gray[0], gray[1]];
/** The same surfaces in the dark theme. */
const DARK_SURFACES = [dark[7], dark[6], dark[5]];

/**
 * Every colour's text, "light" variant and filled shades, chosen from the palette so that text
 * reaches WCAG AA (4.5:1) on the surfaces it is drawn on, in both themes: coloured text and
 * outlines on the page, the light variant's text on its tint, white text on filled buttons and
 * badges. Mantine's defaults miss it for several colours (white on indigo 6 is 4.3:1, yellow 9 on
 * yellow 1 is 2.7:1, gray 6 "dimmed" text is 3.3:1).
 */
function colorVariables(name: string, shades: MantineColorsTuple) {
  const light: Record<string, string> = {};
  const darkScheme: Record<string, string> = {};
  const lightText = readableColor(
    [shades[7], shades[8], shades[9]],
    [...LIGHT_SURFACES, shades[0]],
    'darker',
  );
  const filled = readableColor([shades[7], shades[8], shades[9]], [white], 'darker');
  light[`--mantine-color-${name}-text`] = lightText;
  light[`--mantine-color-${name}-outline`] = lightText;
  light[`--mantine-color-${name}-light-color`] = readableColor(
    [shades[9]],
    [...LIGHT_SURFACES, shades[1]],
    'darker',
  );
  light[`--mantine-color-${name}-filled`] = filled;
  light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);

  const darkText = readableColor(
    [shades[4], shades[3], shades[2], shades[1], shades[0]],
    DARK_SURFACES,
    'lighter',
  );
  const darkFilled = readableColor([shades[8], shades[9]], [white], 'darker');
  darkScheme[`--mantine-color-${name}-text`] = darkText;
  darkScheme[`--mantine-color-${name}-outline`] = darkText;
  darkScheme[`--mantine-color-${name}-filled`] = darkFilled;
  darkScheme[`--mantine-color-${name}-filled-hover`] = darken(darkFilled, 0.1);
  return { light, dark: darkScheme };
}

export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {};
  const darkScheme: Record<string, string> = {};
  for (const [name, shades] of Object.entries(current.colors)) {
    if (name === 'dark') continue;
    const variables = colorVariables(name, shades);
    Object.assign(light, variables.light);
    Object.assign(darkScheme, variables.dark);
  }
  const primary = current.primaryColor;
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': readableColor([gray[6]], LIGHT_SURFACES, 'darker'),
      '--mantine-color-anchor': light[`--mantine-color-${primary}-text`] ?? '',
      '--mantine-primary-color-filled': light[`--mantine-color-${primary}-filled`] ?? '',
      '--mantine-primary-color-filled-hover': light[`--mantine-color-${primary}-filled-hover`] ?? '',
    },
    dark: {
      ...darkScheme,
      '--mantine-color-dimmed': readableColor([dark[2]], DARK_SURFACES, 'lighter'),
      '--mantine-color-anchor': darkScheme[`--mantine-color-${primary}-text`] ?? '',
      '--mantine-primary-color-filled': darkScheme[`--mantine-color-${primary}-filled`] ?? '',
      '--mantine-primary-color-filled-hover': darkScheme[`--mantine-color-${primary}-filled-hover`] ?? '',
    },
  };
};

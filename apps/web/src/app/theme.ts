import {
  createTheme,
  type ComboboxEmptyProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MenuProps,
} from '@mantine/core';

/**
 * A component's theme entry with typed default props. `Menu.extend(…)` would
 * do the same, but importing `Menu` here would put the menu's code (and its
 * positioning library) into the first chunk every page loads.
 */
function defaultsOf<P>(defaultProps: Partial<P> & Record<string, unknown>): MantineThemeComponent {
  return { defaultProps };
}

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  focusRing: 'auto',
  // A person who asked the system for less motion gets dialogs, menus and notices without their
  // fade and slide (WCAG 2.3.3).
  respectReducedMotion: true,
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A menu holds menu items only: no focus placeholder; opening it focuses the first item.
    Menu: defaultsOf<MenuProps>({ withInitialFocusPlaceholder: false }),
    // A list of choices holds options only: "nothing found" is a disabled option of it.
    ComboboxEmpty: defaultsOf<ComboboxEmptyProps>({ role: 'option', 'aria-disabled': true }),
    // A badge is a word or two that must be read whole: never cut to an ellipsis in a narrow
    // table cell or row (its full width counts when the table sizes its columns).
    Badge: { styles: { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } },
  },
});

/** WCAG 2 AA contrast for normal-size text (1.4.3). */
export const AA_CONTRAST = 4.5;

/** Secondary text (`c="dimmed"`, descriptions, captions): 6.1:1 on white, 5.1:1 on gray.2. */
export const DIMMED_COLOR = '#5c636a';
/** Placeholders (inputs are white): lighter than dimmed text, still 4.7:1. */
export const PLACEHOLDER_COLOR = '#6c757d';

const WHITE = '#ffffff';
/** What coloured text stands on: the page, striped table rows (gray.0) and hovered rows (gray.1). */
const SURFACES = [WHITE, '#f8f9fa', '#f1f3f5'];
/** Mantine's light variant: shade 6 at 10% over the surface. */
const TINT_SHADE = 6;
const TINT_ALPHA = 0.1;

function toRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `top` at `amount` (0–1) over `bottom`. */
export function mixColors(top: string, bottom: string, amount: number): string {
  const [a, b] = [toRgb(top), toRgb(bottom)];
  return toHex(a.map((channel, i) => channel * amount + b[i]! * (1 - amount)));
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The lightest shade of `palette` from `from` on that reaches AA against
 * every background; where even shade 9 does not (green, orange, yellow…),
 * shade 9 darkened in 4% steps until it does.
 */
export function readableShade(palette: MantineColorsTuple, backgrounds: string[], from = 6): string {
  const passes = (color: string) => backgrounds.every((bg) => contrastRatio(color, bg) >= AA_CONTRAST);
  const shade = palette.slice(from).find(passes);
  if (shade) return shade;
  let color = palette[9];
  while (!passes(color)) color = mixColors('#000000', color, 0.04);
  return color;
}

/**
 * Mantine's light-scheme colour variables with AA contrast (spec: every
 * screen passes WCAG 2.1 AA). Mantine draws text in shade 6 of a colour, which
 * is too light for 4.5:1 on white in every palette; here each colour's text,
 * light/subtle/outline variants and filled background take the lightest shade
 * that reaches 4.5:1 where it is drawn, so Badges, Buttons, Alerts, Anchors and
 * `c="red"` pass on every screen without screen-by-screen colours.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED_COLOR,
    '--mantine-color-placeholder': PLACEHOLDER_COLOR,
    '--mantine-color-anchor': `var(--mantine-color-${resolved.primaryColor}-text)`,
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  };
  for (const [name, palette] of Object.entries(resolved.colors)) {
    const tints = SURFACES.map((surface) => mixColors(palette[TINT_SHADE], surface, TINT_ALPHA));
    const text = readableShade(palette, SURFACES);
    const filled = readableShade(palette, [WHITE]);
    const darkerShade = palette.includes(filled) ? palette[palette.indexOf(filled) + 1] : undefined;
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableShade(palette, tints);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darkerShade ?? mixColors('#000000', filled, 0.1);
  }
  return { variables: {}, light, dark: {} };
};

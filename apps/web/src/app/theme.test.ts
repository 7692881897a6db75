import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  contrastRatio,
  cssVariablesResolver,
  DIMMED_COLOR,
  mixColors,
  PLACEHOLDER_COLOR,
  theme,
} from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const { light } = cssVariablesResolver(resolved);
const SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5'];

describe('theme colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(mixColors('#228be6', '#ffffff', 0.1)).toBe('#e9f3fd');
  });

  it('keeps dimmed text at AA on the page, striped and hovered rows, and placeholders on inputs', () => {
    for (const surface of [...SURFACES, '#e9ecef']) {
      expect(contrastRatio(DIMMED_COLOR, surface)).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
    expect(light['--mantine-color-dimmed']).toBe(DIMMED_COLOR);
    expect(contrastRatio(PLACEHOLDER_COLOR, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(light['--mantine-color-placeholder']).toBe(PLACEHOLDER_COLOR);
  });

  it.each(Object.keys(resolved.colors))(
    'gives %s text, light, outline and filled variants AA contrast',
    (name) => {
      const palette = resolved.colors[name]!;
      const tint = (surface: string) => mixColors(palette[6], surface, 0.1);
      for (const surface of SURFACES) {
        expect(contrastRatio(light[`--mantine-color-${name}-text`]!, surface)).toBeGreaterThanOrEqual(
          AA_CONTRAST,
        );
        expect(contrastRatio(light[`--mantine-color-${name}-outline`]!, surface)).toBeGreaterThanOrEqual(
          AA_CONTRAST,
        );
        expect(
          contrastRatio(light[`--mantine-color-${name}-light-color`]!, tint(surface)),
        ).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
      for (const key of ['filled', 'filled-hover']) {
        expect(contrastRatio(light[`--mantine-color-${name}-${key}`]!, '#ffffff')).toBeGreaterThanOrEqual(
          AA_CONTRAST,
        );
      }
    },
  );

  it('draws links and error messages in the readable shades', () => {
    expect(light['--mantine-color-anchor']).toBe('var(--mantine-color-blue-text)');
    expect(light['--mantine-color-error']).toBe('var(--mantine-color-red-text)');
    expect(light['--mantine-color-blue-filled']).toBe(resolved.colors.blue[8]);
  });
});

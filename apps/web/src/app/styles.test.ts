import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Mantine's styles come in two parts: start-styles.css (what the start-up code
 * draws) and console-styles.css (the rest, loaded with the console). Together
 * they must be all of Mantine's styles, each in the order of Mantine's own
 * styles.css, so the rules cascade as they would from that one file.
 */
const mantineStyles = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
const whole = readFileSync(mantineStyles, 'utf8');
const stylesDir = join(dirname(mantineStyles), 'styles');
const componentFiles = readdirSync(stylesDir).filter(
  (file) => file.endsWith('.css') && !file.endsWith('.layer.css'),
);

/** Where a component file's rules stand in styles.css: its first rule line found there. */
function positionInWhole(file: string): number {
  const lines = readFileSync(join(stylesDir, file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 8 && !line.startsWith('/*'));
  for (const line of lines) {
    const at = whole.indexOf(line);
    if (at >= 0) return at;
  }
  throw new Error(`${file}: no rule of it found in styles.css`);
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(import.meta.dirname, file), 'utf8');
  return [...text.matchAll(/@import '@mantine\/core\/styles\/([^']+)';/g)].map((match) => match[1]!);
}

describe("Mantine's styles, in two parts", () => {
  const start = importsOf('start-styles.css');
  const rest = importsOf('console-styles.css');

  it('are all of them, each once', () => {
    expect([...start, ...rest].sort()).toEqual([...componentFiles].sort());
  });

  it.each([
    ['start-styles.css', start],
    ['console-styles.css', rest],
  ])('%s keeps the order of styles.css', (_, files) => {
    const positions = files.map(positionInWhole);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('the menus of the sign-in page bring the styles only the console has', () => {
    const menus = importsOf('menu-styles.css');
    expect(menus.every((file) => rest.includes(file) && !start.includes(file))).toBe(true);
  });
});

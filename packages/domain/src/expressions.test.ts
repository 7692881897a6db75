import { describe, expect, it } from 'vitest';
import { checkDerivedExpression, findDependencyCycle } from './expressions.js';

const KEYS = ['no', 'no2', 'nox', 'pm2.5', 'pm10', 'flow', 'o2'];

describe('derived parameter expressions', () => {
  it.each([
    ['no + no2', ['no', 'no2']],
    ['no * 1.533 + no2', ['no', 'no2']],
    ['pm2.5 / pm10 * 100', ['pm2.5', 'pm10']],
    ['flow > 0 ? nox * flow / 1000 : 0', ['flow', 'nox']],
    ['max(no, 0) + abs(-no2)', ['no', 'no2']],
    ['(21 - 11) / (21 - o2) * nox', ['o2', 'nox']],
  ])('accepts %s', (expression, dependencies) => {
    const result = checkDerivedExpression(expression, KEYS);
    expect(result).toEqual({ ok: true, dependencies });
  });

  it.each([
    ['', 'Enter an expression.'],
    ['no +* no2', 'Invalid expression'],
    ['no + so2', "Unknown parameter 'so2'."],
    ['pm2.6 + 1', 'Invalid expression'],
    ['process.exit(1)', "Unknown function 'process.exit'."],
    ['eval(no)', "Unknown function 'eval'."],
    ['no; no2', 'Write one expression only.'],
    ['"text" + no', 'Only numbers may appear as values.'],
    ['no2 = 3', 'Invalid expression'],
    ['[no, no2]', 'This kind of expression is not allowed.'],
  ])('refuses %j', (expression, message) => {
    const result = checkDerivedExpression(expression, KEYS);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it('does not take a longer name for a shorter key', () => {
    expect(checkDerivedExpression('nox2', KEYS)).toEqual({
      ok: false,
      rule: 'unknownParameter',
      values: { key: 'nox2' },
      message: "Unknown parameter 'nox2'.",
    });
  });
});

describe('dependency cycles', () => {
  it('finds a cycle through derived parameters', () => {
    expect(findDependencyCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(findDependencyCycle({ a: ['a'] })).toEqual(['a', 'a']);
  });

  it('accepts a graph without cycles', () => {
    expect(findDependencyCycle({ nox: ['no', 'no2'], load: ['nox', 'flow'], no: [], no2: [] })).toBeNull();
  });
});

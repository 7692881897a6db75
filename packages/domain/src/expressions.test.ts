import { describe, expect, it } from 'vitest';
import {
  checkDerivedExpression,
  compileDerivedExpression,
  evaluateCondition,
  evaluateExpression,
  findDependencyCycle,
} from './expressions.js';

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

describe('evaluating expressions', () => {
  const values = { so2: 120, stack_flow: 50_000, o2: 11, pm: 40, 'pm2.5': 30, pm10: 60, zero: 0 };

  it.each([
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 4 - 3', 3],
    ['2 * 3 % 4', 2],
    ['-2 * -3', 6],
    ['+so2', 120],
    ['1 + 2 < 4', 1],
    ['1 < 2 == 1', 1],
    ['so2 * stack_flow / 1000000', 6],
    ['pm * (21 - 11) / (21 - o2)', 40],
    ['pm2.5 / pm10 * 100', 50],
    ['o2 < 21 ? pm * 10 / (21 - o2) : pm', 40],
    ['zero != 0 ? so2 / zero : -1', -1],
    ['zero == 0 || so2 / zero > 1', 1],
    ['zero != 0 && so2 / zero > 1', 0],
    ['!zero', 1],
    ['!(so2 > 100)', 0],
    ['true + 1', 2],
  ])('%s = %d', (expression, expected) => {
    expect(evaluateExpression(expression, values)).toBeCloseTo(expected, 12);
  });

  it.each([
    ['abs(-2.5)', 2.5],
    ['min(so2, pm, 300)', 40],
    ['max(so2, pm)', 120],
    ['max(7)', 7],
    ['sqrt(max(pow(5, 2) - pow(4, 2), 0))', 3],
    ['pow(2, 10)', 1024],
    ['log(exp(2))', 2],
    ['round(2.5)', 3],
    ['round(-2.5)', -2],
    ['round(3.14159, 2)', 3.14],
    ['round(1234, -2)', 1200],
    ['floor(-1.5)', -2],
    ['ceil(1.2)', 2],
  ])('calls %s = %d', (expression, expected) => {
    expect(evaluateExpression(expression, values)).toBeCloseTo(expected, 12);
  });

  it.each([
    ['so2 / zero', 'a division by zero'],
    ['zero / zero', 'zero by zero'],
    ['so2 % zero', 'a remainder by zero'],
    ['1 / (1 / zero)', 'an infinite step inside'],
    ['sqrt(-1)', 'the root of a negative number'],
    ['log(zero)', 'the logarithm of zero'],
    ['pow(10, 400)', 'an overflow'],
    ['exp(1000)', 'an overflow'],
    ['sqrt(1, 2)', 'too many arguments'],
    ['pow(2)', 'too few arguments'],
    ['round(2.5, 1.5)', 'a fractional number of places'],
  ])('has no value for %s (%s)', (expression) => {
    expect(evaluateExpression(expression, values)).toBeNull();
  });

  it('has no value when an input is missing, even on a side not taken', () => {
    expect(evaluateExpression('so2 + nox', values)).toBeNull();
    expect(evaluateExpression('so2 > 0 ? so2 : nox', { so2: 1 })).toBeNull();
    expect(evaluateExpression('so2 * 2', { so2: Number.NaN })).toBeNull();
    expect(evaluateExpression('so2 * 2', { so2: Number.POSITIVE_INFINITY })).toBeNull();
  });

  it.each([
    ['constructor', 'a name of every object'],
    ['toString(1)', 'a function of every object'],
    ['process.exit(1)', 'a member call'],
    ['eval("1")', 'a function not allowed'],
    ['so2 ** 2', 'an operator not allowed'],
    ['so2 | 1', 'a bitwise operator'],
    ['so2 = 1', 'an assignment'],
    ['so2; pm', 'two expressions'],
    ['"12"', 'a string'],
    ['[so2]', 'an array'],
    ['', 'nothing'],
    ['so2 +', 'a syntax error'],
  ])('has no value for %j (%s)', (expression) => {
    expect(evaluateExpression(expression, values)).toBeNull();
  });

  it('tells whether a condition holds', () => {
    expect(evaluateCondition('o2 < 21', values)).toBe(true);
    expect(evaluateCondition('o2 >= 21', values)).toBe(false);
    expect(evaluateCondition('so2 > 100 && pm <= 40', values)).toBe(true);
    expect(evaluateCondition('so2 > 200 || pm != 40', values)).toBe(false);
    expect(evaluateCondition('so2 - 120', values)).toBe(false);
    expect(evaluateCondition('so2', values)).toBe(true);
    expect(evaluateCondition('nox > 1', values)).toBeNull();
    expect(evaluateCondition('so2 / zero > 1', values)).toBeNull();
  });

  it('compiles once for many sets of values, with the keys it reads', () => {
    const compiled = compileDerivedExpression('o2 < 21 ? pm * 10 / (21 - o2) : pm', ['pm', 'o2', 'so2']);
    expect(compiled?.dependencies).toEqual(['o2', 'pm']);
    expect(compiled?.evaluate({ pm: 40, o2: 11 })).toBe(40);
    expect(compiled?.evaluate({ pm: 40, o2: 21 })).toBe(40);
    expect(compiled?.evaluate({ pm: 40, o2: 16 })).toBe(80);
    expect(compiled?.evaluate({ pm: 40 })).toBeNull();
    expect(compileDerivedExpression('pm + nox', ['pm'])).toBeNull();
  });
});

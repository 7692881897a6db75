import { describe, expect, it } from 'vitest';
import { groupIndian } from './numbers.js';

describe('groupIndian', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [100000, '1,00,000'],
    [500000, '5,00,000'],
    [12345678, '1,23,45,678'],
    [-1500, '-1,500'],
  ])('writes %d as %s, as Intl does for en-IN', (value, written) => {
    expect(groupIndian(value)).toBe(written);
    expect(groupIndian(value)).toBe(value.toLocaleString('en-IN'));
  });
});

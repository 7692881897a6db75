import { describe, expect, it } from 'vitest';
import { computeGstinCheckChar, gstinSchema, isValidGstin } from './geography.js';

describe('GSTIN', () => {
  it('accepts a well-formed GSTIN with the right check character', () => {
    // 27 = Maharashtra, AAPFU0939F = PAN, 1 = entity, Z, check character
    const first14 = '27AAPFU0939F1Z';
    const gstin = first14 + computeGstinCheckChar(first14);
    expect(gstin).toBe('27AAPFU0939F1ZV');
    expect(isValidGstin(gstin)).toBe(true);
    expect(gstinSchema.parse(` ${gstin.toLowerCase()} `)).toBe(gstin);
  });

  it.each([
    ['27AAPFU0939F1ZA', 'wrong check character'],
    ['99AAPFU0939F1ZV', 'unknown state code'],
    ['27AAPFU0939F1Y5', 'no Z at position 14'],
    ['27AAPFU0939F1Z', 'too short'],
  ])('refuses %s (%s)', (gstin) => {
    expect(isValidGstin(gstin)).toBe(false);
  });
});

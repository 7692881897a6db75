import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromDigits } from './fields.js';
import { pageQuerySchema } from './pagination.js';

describe('fromDigits', () => {
  const quota = fromDigits(z.number({ message: 'Must be a number' }).int().min(0));

  it('takes a number, or digits as a query string or a multipart field carries them', () => {
    expect(quota.parse(7)).toBe(7);
    expect(quota.parse('7')).toBe(7);
    expect(quota.parse('0')).toBe(0);
  });

  it('refuses what z.coerce.number() would have read as a number', () => {
    for (const value of [true, false, [12], '', ' ', '1e3', '0x10', ' 7', null, {}]) {
      const result = quota.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
    }
  });

  it('keeps the number rules: an integer within the bounds', () => {
    expect(quota.safeParse('-1').success).toBe(false);
    expect(quota.safeParse(1.5).success).toBe(false);
  });

  it('refuses numbers a PostgreSQL integer cannot hold, rather than failing in the database', () => {
    expect(quota.safeParse(2_147_483_647).success).toBe(true);
    expect(quota.safeParse(2_147_483_648).success).toBe(false);
    expect(quota.safeParse('2147483648').success).toBe(false);
    expect(fromDigits(z.number().int()).safeParse(-2_147_483_649).success).toBe(false);
  });

  it('leaves defaults to the schema around it (a page number left out is page 1)', () => {
    expect(pageQuerySchema.parse({})).toMatchObject({ page: 1 });
    expect(pageQuerySchema.parse({ page: '3' })).toMatchObject({ page: 3 });
    expect(pageQuerySchema.safeParse({ page: 'true' }).success).toBe(false);
  });
});

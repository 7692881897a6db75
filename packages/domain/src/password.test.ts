import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordValid, PASSWORDS_DO_NOT_MATCH } from './password-rules.js';
import { changePasswordFormSchema, newPasswordFormSchema, newPasswordSchema } from './password.js';

describe('password policy', () => {
  it.each([
    ['Ab1#abcd', true, 'exactly 8 characters'],
    ['Ab1#abcdefghijk', true, 'exactly 15 characters'],
    ['Ab1#abc', false, '7 characters'],
    ['Ab1#abcdefghijkl', false, '16 characters'],
    ['ab1#abcdef', false, 'no capital'],
    ['AB1#ABCDEF', false, 'no small letter'],
    ['Abc#abcdef', false, 'no digit'],
    ['Abc1abcdef', false, 'no special character'],
    ['Abc1 abcdef', false, 'a space is not a special character'],
  ])('%s → %s (%s)', (password, expected) => {
    expect(isPasswordValid(password)).toBe(expected);
    expect(newPasswordSchema.safeParse(password).success).toBe(expected);
  });

  it('reports each failing rule', () => {
    expect(checkPassword('abc')).toEqual({
      length: false,
      capital: false,
      small: true,
      digit: false,
      special: false,
    });
    const result = newPasswordSchema.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(4);
  });

  it('needs the confirmation to match', () => {
    const mismatch = newPasswordFormSchema.safeParse({
      password: 'Ab1#abcd',
      confirmPassword: 'Ab1#abce',
    });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error!.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH }),
    ]);
    expect(
      newPasswordFormSchema.safeParse({ password: 'Ab1#abcd', confirmPassword: 'Ab1#abcd' }).success,
    ).toBe(true);
  });

  it('asks for the current password when you change your own', () => {
    const form = { password: 'Ab1#abcd', confirmPassword: 'Ab1#abcd' };
    expect(changePasswordFormSchema.safeParse({ ...form, currentPassword: '' }).error!.issues).toEqual([
      expect.objectContaining({ path: ['currentPassword'], message: 'Enter your current password.' }),
    ]);
    expect(changePasswordFormSchema.safeParse({ ...form, currentPassword: 'Old#pass1' }).success).toBe(true);
  });
});

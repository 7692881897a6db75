import { loginBodySchema } from '@vayu/domain';
import { describe, expect, it } from 'vitest';
import { checkSignIn } from './sign-in-form';

const tooLong = (max: number) => `at most ${max}`;

describe('checkSignIn', () => {
  const cases: [string, { userName: string; password: string }][] = [
    ['a usual sign-in', { userName: 'asha.rao@vayu.example', password: 'Secret#2026' }],
    ['a user name in capitals with spaces', { userName: '  Asha.Rao@Vayu.Example ', password: 'x' }],
    ['nothing', { userName: '', password: '' }],
    ['a user name of spaces only', { userName: '   ', password: 'Secret#2026' }],
    ['no password', { userName: 'asha.rao@vayu.example', password: '' }],
    ['a password of spaces', { userName: 'asha.rao@vayu.example', password: '   ' }],
    ['the longest user name', { userName: `${'a'.repeat(242)}@vayu.example`, password: 'x' }],
    ['a user name one too long', { userName: `${'a'.repeat(243)}@vayu.example`, password: 'x' }],
    ['the longest password', { userName: 'a@b.c', password: 'p'.repeat(128) }],
    ['a password one too long', { userName: 'a@b.c', password: 'p'.repeat(129) }],
  ];

  it.each(cases)("decides %s as the domain's sign-in schema does", (_, values) => {
    const parsed = loginBodySchema.safeParse(values);
    const checked = checkSignIn(values, tooLong);
    if (parsed.success) {
      expect(checked).toEqual({ body: parsed.data });
      return;
    }
    const failedFields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    expect(Object.keys(checked.errors ?? {}).sort()).toEqual([...failedFields].sort());
    // The required message is the schema's own; a length is worded by the form.
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as 'userName' | 'password';
      expect(checked.errors?.[field]).toBe(
        issue.code === 'too_big' ? tooLong(Number(issue.maximum)) : issue.message,
      );
    }
  });
});

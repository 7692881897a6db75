import { z } from 'zod';
import { PASSWORD_RULES, PASSWORDS_DO_NOT_MATCH } from './password-rules.js';

/** A new password: every failing rule is reported. */
export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  for (const rule of PASSWORD_RULES) {
    if (!rule.test(value))
      ctx.addIssue({ code: 'custom', message: rule.message, params: { rule: rule.key } });
  }
});

/** The change-password form: new password and its confirmation. */
export const changePasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** `POST /api/users/{id}/password/update` body (spec §7: password only). */
export const changePasswordBodySchema = z.object({ password: newPasswordSchema }).strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

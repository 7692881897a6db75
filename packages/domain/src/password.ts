import { z } from 'zod';
import { PASSWORD_RULES, PASSWORDS_DO_NOT_MATCH } from './password-rules.js';
import { SIGN_IN_LIMITS } from './constants.js';
import { CURRENT_PASSWORD_REQUIRED_MESSAGE } from './messages.js';

/** A new password: every failing rule is reported. */
export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  for (const rule of PASSWORD_RULES) {
    if (!rule.test(value))
      ctx.addIssue({ code: 'custom', message: rule.message, params: { rule: rule.key } });
  }
});

/** The current password, asked when users change their own (at most what a sign-in takes). */
const currentPasswordSchema = z
  .string()
  .min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE)
  .max(SIGN_IN_LIMITS.password);

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const MISMATCH = { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] };

/** The form of an activation or reset link: the new password and its confirmation. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine(passwordsMatch, MISMATCH);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** The change-password form of the profile (your own password): the current one, the new one and its confirmation. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, MISMATCH);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/**
 * `POST /api/users/{id}/password/update` body (spec §7: the password). Changing
 * your own password also takes the current one; an admin setting the password
 * of a user they administer does not send it.
 */
export const changePasswordBodySchema = z
  .object({ password: newPasswordSchema, currentPassword: currentPasswordSchema.optional() })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

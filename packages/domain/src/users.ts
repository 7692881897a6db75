import { fromDigits } from './fields.js';
import { z } from 'zod';
import { roleSchema, userStatusSchema, userTypeSchema } from './signed-in-user.js';
import { emailField, requiredText, userPhoneField, versionField } from './fields.js';
import { newPasswordSchema } from './password.js';

/** `PATCH /api/users/{id}`: enable or disable a user. */
export const userPatchBodySchema = z
  .array(z.object({ op: z.literal('replace'), att: z.literal('status'), value: userStatusSchema }).strict())
  .min(1, 'At least one operation is required')
  .max(1, 'Only the status can be changed here');
export type UserPatchBody = z.infer<typeof userPatchBodySchema>;

// ---------------------------------------------------------------------------
// Users — issue "Accounts and people".
// ---------------------------------------------------------------------------

/** A row of 'List of Users' and of an account's users. */
export const userSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userName: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  userType: userTypeSchema,
  accountId: z.number().int(),
  accountName: z.string(),
  isPrimary: z.boolean(),
  /** The user has not yet set a password from the activation e-mail. */
  activationAwaited: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** `GET /api/users`: corporateId is for site users only (spec §6). */
export const userListQuerySchema = z.object({
  page: fromDigits(z.number().int().min(1)).default(1),
  pageSize: fromDigits(z.number().int().min(1).max(100)).default(20),
  accountId: fromDigits(z.number().int()).optional(),
  corporateId: fromDigits(z.number().int()).optional(),
  status: userStatusSchema.optional(),
  search: z.string().trim().max(100).optional(),
});

/** `POST /api/users?accountId=&primary=true`: the add-user modal. Role defaults to user; a primary user is always admin. */
export const createUserQuerySchema = z.object({
  accountId: fromDigits(z.number().int().positive()),
  primary: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});
export const createUserBodySchema = z
  .object({
    name: requiredText(100),
    email: emailField,
    phone: userPhoneField,
    role: roleSchema.default('user'),
  })
  .strict();
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
export type CreateUserInput = z.input<typeof createUserBodySchema>;

/**
 * `PUT /api/users/{id}`: the edit-user modal. Role, user type, account and
 * status are not accepted here; they change only through their own calls.
 */
export const updateUserBodySchema = z
  .object({
    name: requiredText(100),
    email: emailField,
    phone: userPhoneField,
    version: versionField,
  })
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** The one-time link sent by e-mail: activation of a new user or a password reset. */
export const PASSWORD_TOKEN_PURPOSES = ['ACTIVATION', 'RESET'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];
/** What an e-mail of the outbox is: an activation link, a password-reset link, or an approval report. */
export const MAIL_KINDS = [
  'ACTIVATION',
  'RESET',
  'APPROVAL_REPORT',
  'INVOICE',
  'PAYMENT',
  'ALERT',
  'REPORT',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const passwordTokenInfoSchema = z.object({
  userName: z.string(),
  purpose: z.enum(PASSWORD_TOKEN_PURPOSES),
});
export const setPasswordBodySchema = z
  .object({ token: z.string().min(20).max(200), password: newPasswordSchema })
  .strict();

/** `GET /api/users/export`: the filters of `GET /api/users`. */
export const userExportQuerySchema = userListQuerySchema.omit({ page: true, pageSize: true });
export type UserExportQuery = z.output<typeof userExportQuerySchema>;

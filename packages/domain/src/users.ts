import { z } from 'zod';
import { accountRefSchema } from './accounts.js';

export const USER_TYPES = ['site', 'partner', 'tenant', 'statutory', 'corporate'] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const USER_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The signed-in user (`GET /api/users/loggedin`, `POST /api/auth/login`). */
export const loggedInUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  userType: userTypeSchema,
  role: roleSchema,
  status: userStatusSchema,
  account: accountRefSchema,
});
export type LoggedInUser = z.infer<typeof loggedInUserSchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `PATCH /api/users/{id}`: enable or disable a user. */
export const userPatchBodySchema = z
  .array(z.object({ op: z.literal('replace'), att: z.literal('status'), value: userStatusSchema }).strict())
  .min(1, 'At least one operation is required')
  .max(1, 'Only the status can be changed here');
export type UserPatchBody = z.infer<typeof userPatchBodySchema>;

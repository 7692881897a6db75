import { z } from 'zod';

/*
 * Who is signed in: the user and their account as the console keeps them
 * (`GET /api/users/loggedin`, `POST /api/auth/login`). The console's frame
 * checks the stored user with these schemas on every start, so this module
 * holds them alone: the start builds no schema of the account and user
 * screens (`accounts.ts`, `users.ts`).
 */

export const ACCOUNT_TYPES = ['site', 'partner', 'tenant', 'statutory', 'corporate'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Tenant status. ENABLED and DISABLED are set by site users; DELETED never shows in lists. */
export const ACCOUNT_STATUSES = ['ENABLED', 'DISABLED', 'DELETED'] as const;
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const USER_TYPES = ['site', 'partner', 'tenant', 'statutory', 'corporate'] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof userTypeSchema>;

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const USER_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The account a signed-in user belongs to, as the console needs it. */
export const accountRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: accountTypeSchema,
  status: accountStatusSchema,
  partnerId: z.number().int(),
  corporateId: z.number().int().nullable(),
});
export type AccountRef = z.infer<typeof accountRefSchema>;

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

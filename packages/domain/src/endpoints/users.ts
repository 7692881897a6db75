import { fromDigits } from '../fields.js';
import { z } from 'zod';
import { CSV_MEDIA_TYPE, EXPORT_DESCRIPTION } from '../exports.js';
import { PLATFORM_ACCOUNT_ALIAS } from '../constants.js';
import { ACCOUNT_ADMINS, defineEndpoint, only, PUBLIC, SIGNED_IN } from '../endpoint.js';
import { pageOf } from '../pagination.js';
import { changePasswordBodySchema } from '../password.js';
import { loggedInUserSchema } from '../signed-in-user.js';
import {
  createUserBodySchema,
  createUserQuerySchema,
  passwordTokenInfoSchema,
  setPasswordBodySchema,
  updateUserBodySchema,
  userExportQuerySchema,
  userListQuerySchema,
  userPatchBodySchema,
  userSummarySchema,
} from '../users.js';
import { idParamsSchema, idSchema } from './common.js';

/** An account id in a path: a record id, or −1 for the platform account (spec §9). */
export const userAccountIdSchema = fromDigits(z.number().int().min(PLATFORM_ACCOUNT_ALIAS));

/** The answer of a call that sends an e-mail ("Email Resent."). */
export const mailSentResponseSchema = z.object({ message: z.string() });

/** `POST /api/users/reset/{accountId}/{userId}`. */
export const passwordResetParamsSchema = z.object({ accountId: userAccountIdSchema, userId: idSchema });
/** `POST /api/setPrimaryUserForTenant/{userId}/{tenantId}`. */
export const primaryUserParamsSchema = z.object({ userId: idSchema, tenantId: userAccountIdSchema });
/** An account named by its id (or −1) in the path. */
export const userAccountParamsSchema = z.object({ id: userAccountIdSchema });
/** The one-time token of an activation or password-reset link, as it appears in the link's path. */
export const passwordTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/**
 * The users of the accounts: lists, adding, editing,
 * status, passwords (also from an e-mailed link) and the primary user.
 */
export const usersEndpoints = {
  getPasswordToken: defineEndpoint({
    method: 'GET',
    path: '/api/auth/password-token/:token',
    operationId: 'getPasswordToken',
    tag: 'auth',
    summary: 'Check an activation or password-reset link before choosing the password',
    access: PUBLIC,
    limitedPerClient: true,
    params: passwordTokenParamsSchema,
    response: passwordTokenInfoSchema,
    errors: ['PASSWORD_LINK_INVALID'],
  }),
  setPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/set-password',
    operationId: 'setPassword',
    tag: 'auth',
    summary: 'Choose the password from an activation or reset link (the link works once)',
    access: PUBLIC,
    limitedPerClient: true,
    body: setPasswordBodySchema,
    status: 204,
    errors: ['PASSWORD_LINK_INVALID'],
  }),
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/api/users',
    operationId: 'listUsers',
    tag: 'users',
    summary: 'List of Users: paged and searched, within the accounts you can see',
    description: 'Only site users may list the users of another corporate (`corporateId`).',
    access: only(['site', 'partner', 'tenant', 'corporate', 'statutory']),
    query: userListQuerySchema,
    response: pageOf(userSummarySchema),
  }),
  listAccountUsers: defineEndpoint({
    method: 'GET',
    path: '/api/tenant/users/:id',
    operationId: 'listAccountUsers',
    tag: 'users',
    summary: 'Every user of one account, the primary user first',
    access: SIGNED_IN,
    params: userAccountParamsSchema,
    response: z.array(userSummarySchema),
    owned: { param: 'id', kind: 'account' },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/users',
    operationId: 'createUser',
    tag: 'users',
    summary:
      'Add a user to an account (primary=true: the primary user, always admin); sends the activation e-mail',
    access: ACCOUNT_ADMINS,
    query: createUserQuerySchema,
    body: createUserBodySchema,
    status: 201,
    response: userSummarySchema,
    errors: ['NOT_FOUND', 'EMAIL_EXISTS', 'USER_LIMIT_EXHAUSTED'],
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/api/users/:id',
    operationId: 'updateUser',
    tag: 'users',
    summary:
      "Edit a user's name, e-mail and phone from the version the form started with (role, type, account and status are not changed here)",
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    body: updateUserBodySchema,
    response: userSummarySchema,
    errors: ['EMAIL_EXISTS', 'STALE_VERSION'],
    owned: { param: 'id', kind: 'user' },
  }),
  setUserStatus: defineEndpoint({
    method: 'PATCH',
    path: '/api/users/:id',
    operationId: 'setUserStatus',
    tag: 'users',
    summary: 'Enable or disable a user (a list of one op, att, value); disabling ends their sessions',
    access: ACCOUNT_ADMINS,
    params: idParamsSchema,
    body: userPatchBodySchema,
    response: loggedInUserSchema,
    errors: ['SELF_DISABLE'],
    owned: { param: 'id', kind: 'user' },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/users/:id/password/update',
    operationId: 'changePassword',
    tag: 'users',
    summary: "Set a user's password (your own, or of a user you administer); their other sessions end",
    description:
      'Your own password is changed with the current one (`currentPassword`: 400 on that field when missing or wrong; wrong ones count as failed sign-ins of your user name, 429 after). An admin setting the password of a user of an account they administer does not send it.',
    access: SIGNED_IN,
    params: idParamsSchema,
    body: changePasswordBodySchema,
    status: 204,
    errors: ['RATE_LIMITED'],
    owned: { param: 'id', kind: 'user' },
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/users/reset/:accountId/:userId',
    operationId: 'requestPasswordReset',
    tag: 'users',
    summary: 'E-mail a user a link to choose a new password',
    access: ACCOUNT_ADMINS,
    params: passwordResetParamsSchema,
    response: mailSentResponseSchema,
    owned: { param: 'userId', kind: 'user' },
  }),
  setPrimaryUser: defineEndpoint({
    method: 'POST',
    path: '/api/setPrimaryUserForTenant/:userId/:tenantId',
    operationId: 'setPrimaryUser',
    tag: 'users',
    summary:
      "Make a user the account's primary user (admin); the other users become plain users. Answers the account's users",
    access: only(['site', 'partner'], ['admin']),
    params: primaryUserParamsSchema,
    response: z.array(userSummarySchema),
    errors: ['PRIMARY_USER_INVALID'],
    owned: { param: 'tenantId', kind: 'account' },
  }),
  resendActivation: defineEndpoint({
    method: 'POST',
    path: '/api/tenants/:id/resendActivation',
    operationId: 'resendActivation',
    tag: 'users',
    summary: "Send the activation e-mail of the account's primary user again",
    access: ACCOUNT_ADMINS,
    params: userAccountParamsSchema,
    response: mailSentResponseSchema,
    errors: ['PRIMARY_USER_INVALID', 'ALREADY_ACTIVATED'],
    owned: { param: 'id', kind: 'account' },
  }),
};

/** The list as a CSV file: the list's filters and access, every matching row. */
export const exportUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/users/export',
  operationId: 'exportUsers',
  tag: 'users',
  summary: 'The users the list shows, as a CSV file',
  description: `${EXPORT_DESCRIPTION} Only site users may export the users of another corporate (\`corporateId\`).`,
  access: usersEndpoints.listUsers.access,
  query: userExportQuerySchema,
  produces: CSV_MEDIA_TYPE,
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  createUserBodySchema,
  createUserQuerySchema,
  loggedInUserSchema,
  pageOf,
  passwordTokenInfoSchema,
  setPasswordBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPatchBodySchema,
  userSummarySchema,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { UsersService } from './users.service.js';

const accountIdParam = z.coerce.number().int();
const messageSchema = z.object({ message: z.string() });

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/users/loggedin',
    { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: loggedInUserSchema } } },
    (request) => users.getLoggedInUser(contextOf(request)),
  );

  app.post(
    '/api/users/:id/password/update',
    {
      schema: {
        tags: ['users'],
        summary: "Set a user's password (own, or of a user you administer)",
        params: userIdParamsSchema,
        body: changePasswordBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.changePassword(contextOf(request), request.params.id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Enable or disable a user (list of op, att, value)',
        params: userIdParamsSchema,
        body: userPatchBodySchema,
        response: { 200: loggedInUserSchema },
      },
    },
    (request) => users.patchUser(contextOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'List of Users: paged and searched, within the accounts you can see',
        querystring: userListQuerySchema,
        response: { 200: pageOf(userSummarySchema) },
      },
    },
    (request) => users.listUsers(contextOf(request), request.query),
  );

  app.post(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Add a user to an account (primary=true: the primary user, always admin); sends the activation e-mail',
        querystring: createUserQuerySchema,
        body: createUserBodySchema,
        response: { 201: userSummarySchema },
      },
    },
    async (request, reply) => {
      const user = await users.createUser(contextOf(request), request.query, request.body);
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Edit a user's name, e-mail and phone (role, type, account and status are not changed here)",
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userSummarySchema },
      },
    },
    (request) => users.updateUser(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/setPrimaryUserForTenant/:userId/:tenantId',
    {
      schema: {
        tags: ['users'],
        summary: "Make a user the account's primary user (admin); the other users become plain users",
        params: z.object({ userId: z.coerce.number().int().positive(), tenantId: accountIdParam }),
        response: { 200: z.array(userSummarySchema) },
      },
    },
    (request) => users.setPrimaryUser(contextOf(request), request.params.userId, request.params.tenantId),
  );

  app.post(
    '/api/users/reset/:accountId/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'E-mail a user a link to choose a new password',
        params: z.object({ accountId: accountIdParam, userId: z.coerce.number().int().positive() }),
        response: { 200: messageSchema },
      },
    },
    (request) =>
      users.requestPasswordReset(contextOf(request), request.params.accountId, request.params.userId),
  );

  app.post(
    '/api/tenants/:id/resendActivation',
    {
      schema: {
        tags: ['users'],
        summary: "Send the activation e-mail of the account's primary user again",
        params: z.object({ id: accountIdParam }),
        response: { 200: messageSchema },
      },
    },
    (request) => users.resendActivation(contextOf(request), request.params.id),
  );

  app.get(
    '/api/tenant/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Every user of one account',
        params: z.object({ id: accountIdParam }),
        response: { 200: z.array(userSummarySchema) },
      },
    },
    (request) => users.listAccountUsers(contextOf(request), request.params.id),
  );

  app.get(
    '/api/auth/password-token/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an activation or password-reset link before choosing the password',
        params: z.object({ token: z.string().min(20).max(200) }),
        response: { 200: passwordTokenInfoSchema },
      },
    },
    (request) => users.getPasswordTokenInfo(request.params.token),
  );

  app.post(
    '/api/auth/set-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose the password from an activation or reset link (the link works once)',
        body: setPasswordBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.setPasswordWithToken(request.body, { ip: request.ip, requestId: request.id });
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  loggedInUserSchema,
  userIdParamsSchema,
  userPatchBodySchema,
} from '@vayu/domain';
import { z } from 'zod';
import { contextOf } from '../../plugins/authentication.js';
import type { UsersService } from './users.service.js';

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
};

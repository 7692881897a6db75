import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '@vayu/domain';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf } from '../../plugins/authentication.js';
import type { UsersService } from './users.service.js';

export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  registerEndpoints(app, usersEndpoints, {
    getPasswordToken: ({ params }) => users.getPasswordTokenInfo(params.token),
    setPassword: ({ body }, request) =>
      users.setPasswordWithToken(body, { ip: request.ip, requestId: request.id }),
    listUsers: ({ query }, request) => users.listUsers(contextOf(request), query),
    listAccountUsers: ({ params }, request) => users.listAccountUsers(contextOf(request), params.id),
    createUser: ({ query, body }, request) => users.createUser(contextOf(request), query, body),
    updateUser: ({ params, body }, request) => users.updateUser(contextOf(request), params.id, body),
    setUserStatus: ({ params, body }, request) => users.patchUser(contextOf(request), params.id, body),
    changePassword: ({ params, body }, request) => users.changePassword(contextOf(request), params.id, body),
    requestPasswordReset: ({ params }, request) =>
      users.requestPasswordReset(contextOf(request), params.accountId, params.userId),
    setPrimaryUser: ({ params }, request) =>
      users.setPrimaryUser(contextOf(request), params.userId, params.tenantId),
    resendActivation: ({ params }, request) => users.resendActivation(contextOf(request), params.id),
  });
}

import type { FastifyInstance } from 'fastify';
import { authEndpoints, SESSION_COOKIE } from '@vayu/domain';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { registerEndpoints } from '../../lib/endpoints.js';
import { contextOf, getSessionToken } from '../../plugins/authentication.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthService } from './auth.service.js';

export async function authRoutes(
  app: FastifyInstance,
  { auth, users, config }: { auth: AuthService; users: UsersService; config: Config },
) {
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure } as const;

  registerEndpoints(app, authEndpoints, {
    login: async ({ body }, request, reply) => {
      const result = await auth.login(body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        requestId: request.id,
      });
      reply.setCookie(SESSION_COOKIE, result.token, { ...cookieOptions, expires: result.expiresAt });
      return result.user;
    },
    signOut: async (_input, request, reply) => {
      await auth.logout(getSessionToken(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    logout: async (_input, request, reply) => {
      // A navigation from another site (a link, an image) must not sign anyone out
      // (docs/decisions/0009-sign-out.md). Browsers say where a request comes from.
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') {
        throw new AppError('CSRF_REJECTED', 'Cross-site request refused.');
      }
      await auth.logout(getSessionToken(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    getLoggedInUser: (_input, request) => users.getLoggedInUser(contextOf(request)),
  });
}

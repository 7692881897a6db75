import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, loggedInUserSchema, loginBodySchema, SESSION_COOKIE } from '@vayu/domain';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { getSessionToken } from '../../plugins/authentication.js';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: Config }> = async (
  app,
  { auth, config },
) => {
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure } as const;

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with user name (e-mail) and password; sets the session cookie',
        body: loginBodySchema,
        response: { 200: loggedInUserSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        requestId: request.id,
      });
      reply.setCookie(SESSION_COOKIE, result.token, { ...cookieOptions, expires: result.expiresAt });
      return result.user;
    },
  );

  app.get(
    '/api/logout',
    { schema: { tags: ['auth'], summary: 'End the session', response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(getSessionToken(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return reply.status(204).send(null);
    },
  );
};

import { loginBodySchema } from '../auth.js';
import { defineEndpoint, PUBLIC } from '../endpoint.js';
import { loggedInUserSchema } from '../users.js';

/** Signing in and out (the session cookie). */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    operationId: 'login',
    tag: 'auth',
    summary: 'Sign in with user name (e-mail) and password; sets the session cookie',
    description:
      'A wrong password and an unknown user get the same answer. Repeated failures for one user name or from one address are refused for a while (429), even with the right password.',
    access: PUBLIC,
    body: loginBodySchema,
    response: loggedInUserSchema,
    errors: ['INVALID_CREDENTIALS', 'USER_DISABLED', 'ACCOUNT_DISABLED', 'RATE_LIMITED'],
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/api/logout',
    operationId: 'logout',
    tag: 'auth',
    summary: 'End the session and clear the session cookie',
    access: PUBLIC,
    status: 204,
  }),
};

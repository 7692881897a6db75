import { loginBodySchema } from '../auth.js';
import { defineEndpoint, PUBLIC, SIGNED_IN } from '../endpoint.js';
import { loggedInUserSchema } from '../signed-in-user.js';

/**
 * Signing in and out (the session cookie) and who is signed in: all the
 * console's frame calls on every start, so this module builds no schema of the
 * user screens.
 */
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
    limitedPerClient: true,
    body: loginBodySchema,
    response: loggedInUserSchema,
    errors: ['INVALID_CREDENTIALS', 'USER_DISABLED', 'ACCOUNT_DISABLED', 'RATE_LIMITED'],
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    operationId: 'signOut',
    tag: 'auth',
    summary: 'End the session and clear the session cookie (what the console calls)',
    description:
      'Under the cross-site request rule of every write: the same origin, and a JSON body or the X-Requested-With header.',
    access: PUBLIC,
    status: 204,
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/api/logout',
    operationId: 'logout',
    tag: 'auth',
    summary: 'End the session and clear the session cookie, from a link of the console itself',
    description:
      'Kept for links and bookmarks (the specification names it). A browser request that says it comes from another site (Sec-Fetch-Site: cross-site or same-site) is refused, so a link on another site cannot sign anyone out.',
    access: PUBLIC,
    status: 204,
    errors: ['CSRF_REJECTED'],
  }),
  getLoggedInUser: defineEndpoint({
    method: 'GET',
    path: '/api/users/loggedin',
    operationId: 'getLoggedInUser',
    tag: 'users',
    summary: 'The signed-in user and their account',
    access: SIGNED_IN,
    response: loggedInUserSchema,
  }),
};

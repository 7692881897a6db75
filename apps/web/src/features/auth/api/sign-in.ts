import { authEndpoints, type LoggedInUser, type LoginBody } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';

/**
 * Starts a session (httpOnly cookie) and answers the user. The sign-in form
 * loads this module when it is used, so that the endpoint's schemas are not
 * part of the sign-in page's first download.
 */
export function login(body: LoginBody): Promise<LoggedInUser> {
  // A 401 here means wrong credentials, not an expired session.
  return callEndpoint(authEndpoints.login, { body, skipUnauthorizedRedirect: true });
}

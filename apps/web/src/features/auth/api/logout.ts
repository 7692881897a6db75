import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authEndpoints } from '@vayu/domain';
import { callEndpoint } from '../../../app/api-client';
import { LOGIN_PATH } from '../../../app/route-access';
import { clearLocalStorage } from '../../../app/session';
import { closeAllDialogs } from '../../../components/dialogs';

/** Ends the server session (204) and clears its cookie. */
export function logout(): Promise<void> {
  return callEndpoint(authEndpoints.signOut, { skipUnauthorizedRedirect: true });
}

/**
 * Sign-out as the spec describes it (§4): clear local storage, call logout,
 * then go to /login whether the call succeeded or not.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    clearLocalStorage();
    closeAllDialogs();
    queryClient.clear();
    try {
      await logout();
    } catch {
      // The session may already be gone on the server; signing out continues.
    }
    await navigate(LOGIN_PATH, { replace: true });
  }, [navigate, queryClient]);
}

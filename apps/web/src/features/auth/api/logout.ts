import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../app/api-client';
import { LOGIN_PATH } from '../../../app/route-access';
import { clearLocalStorage } from '../../../app/session';
import { closeAllDialogs } from '../../../components/dialogs';

/** `GET /api/logout`: ends the server session. */
export function logout(): Promise<void> {
  return apiClient.get<void>('/logout', { skipUnauthorizedRedirect: true });
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

import { api } from '@baobei/shared/contract';
import { messages } from '@baobei/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client';
import { isApiError } from '../api-error';
import { showFailureDialog } from '../failure-dialog';
import { resetSession } from './session-store';

/**
 * Revokes the token on the server (DECISIONS.md, session tokens). A call of another part of the
 * page that crosses it (the message badge's poll) gets 401 for the revoked token: that is no
 * expiry, and shows no login-expired dialog (api-client, revokesToken).
 */
export function logout(): Promise<null> {
  return call(api.auth.logout, {}, { revokesToken: true });
}

/**
 * Logging out (part 1, section 4): on success the session resets and `onDone` runs (the caller
 * decides where to go); a failure the client has not already told says '退出登录失败' with the
 * server's message.
 */
export function useLogout() {
  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: () => resetSession(),
  });
  const logOut = (onDone: () => void) =>
    mutation.mutate(undefined, {
      onSuccess: onDone,
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        showFailureDialog(messages.login.logoutFailedTitle, error);
      },
    });
  return { logOut, isPending: mutation.isPending };
}

import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client';
import { resetSession } from './session-store';

/** Revokes the token on the server (DECISIONS.md, session tokens). */
export function logout(): Promise<null> {
  return call(api.auth.logout);
}

/** On success the session resets (part 1, section 4); the caller decides where to go. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => resetSession(),
  });
}

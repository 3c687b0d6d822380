import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../api-client';
import { resetSession } from './session-store';

/** `POST /api/login/logout`: revokes the token on the server (DECISIONS.md, session tokens). */
export function logout(): Promise<null> {
  return apiPost<null>('/api/login/logout');
}

/** On success the session resets (part 1, section 4); the caller decides where to go. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => resetSession(),
  });
}

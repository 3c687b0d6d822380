import { api } from '@baobei/shared/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { clearToken } from '../../../lib/session';

/** POST /api/admin/auth/logout ends the session on the server; the token goes either way. */
export function logout(): Promise<null> {
  return call(api.admin.logout);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearToken();
      queryClient.clear();
    },
  });
}

import { api } from '@baobei/shared/contract';
import type { AdminSignAnswer, AdminSignInput } from '@baobei/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/get-me';
import { call } from '../../../lib/api-client';
import { saveToken } from '../../../lib/session';

/** POST /api/admin/auth/sign: no token is sent; the answer's token is kept for every later call. */
export function sign(body: AdminSignInput): Promise<AdminSignAnswer> {
  return call(api.admin.sign, { body }, { withToken: false });
}

export function useSign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sign,
    onSuccess: (answer) => {
      // The previous account's answers are not this one's.
      queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
      saveToken(answer.token);
    },
  });
}

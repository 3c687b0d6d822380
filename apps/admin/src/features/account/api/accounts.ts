import { api } from '@baobei/shared/contract';
import type { AccountGroup, AccountOptions, AdminAccount, CreateAccountInput, UpdateAccountInput } from '@baobei/shared/schemas/admin-account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** 账号管理's calls (contract/admin-account.ts; docs/decisions/047). */
export const accountKeys = {
  all: ['admin', 'account'] as const,
  options: ['admin', 'account', 'options'] as const,
};

export interface AccountPage {
  list: AdminAccount[];
  total: number;
}

/** GET /api/admin/account/list: a page of one group's accounts. */
export async function listAccounts(query: { group: AccountGroup; page: number; pageSize: number; keyword?: string; active?: 'true' | 'false' }): Promise<AccountPage> {
  const answer = await call(api.adminAccount.list, { query });
  return { list: answer.list, total: answer.total };
}

/** The company's listings, cities and distributors the forms choose from. */
export function useAccountOptions(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.options,
    queryFn: ({ signal }): Promise<AccountOptions> => call(api.adminAccount.options, undefined, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** Every change of an account; each refreshes the options (a channel's distributors move). */
export function useAccountMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const calls = api.adminAccount;
  return {
    create: useMutation({ mutationFn: (body: CreateAccountInput) => call(calls.create, { body }), onSuccess }),
    update: useMutation({ mutationFn: (body: UpdateAccountInput) => call(calls.update, { body }), onSuccess }),
    resetPassword: useMutation({ mutationFn: (id: number) => call(calls.resetPassword, { body: { id } }), onSuccess }),
    unlock: useMutation({ mutationFn: (id: number) => call(calls.unlock, { body: { id } }), onSuccess }),
    endSessions: useMutation({ mutationFn: (id: number) => call(calls.endSessions, { body: { id } }), onSuccess }),
    disable: useMutation({ mutationFn: (body: { id: number; version: number }) => call(calls.disable, { body }), onSuccess }),
    enable: useMutation({ mutationFn: (body: { id: number; version: number }) => call(calls.enable, { body }), onSuccess }),
  };
}

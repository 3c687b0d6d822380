import { api } from '@baobei/shared/contract';
import type { RegistrationForm } from '@baobei/shared/rules/registration';
import type { ChannelOption, CompanyCredit, CompanyOption } from '@baobei/shared/schemas/registration';
import type { CityNode } from '@baobei/shared/schemas/session';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call, callAnswer } from '../../../lib/api-client';
import { registrationKeys } from './query-keys';

/** Names of the company registry containing the keyword. */
export function getCompanyByKeyword(keyword: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  return call(api.registration.getCompanyByKeyword, { query: { keyword } }, { signal, quiet: true });
}

export function companyKeywordQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: registrationKeys.company(keyword),
    queryFn: ({ signal }) => getCompanyByKeyword(keyword, signal),
    enabled: keyword.trim().length > 0,
  });
}

export function useCompanyByKeyword(keyword: string) {
  return useQuery({ ...companyKeywordQueryOptions(keyword), placeholderData: keepPreviousData });
}

/** The credit code (`creditNo`) of a company of the registry; unknown is a failure. */
export function getCompanyByName(name: string): Promise<CompanyCredit> {
  return call(api.registration.getCompanyByName, { query: { name } }, { quiet: true });
}

/** The company's channel contacts. */
export function getChannelSelect(signal?: AbortSignal): Promise<ChannelOption[]> {
  return call(api.registration.getChannelSelect, {}, { signal, quiet: true });
}

export function useChannelSelect() {
  return useQuery({ queryKey: registrationKeys.channels(), queryFn: ({ signal }) => getChannelSelect(signal) });
}

/** The company's city tree, for the region cascader. */
export function getCityTree(signal?: AbortSignal): Promise<CityNode[]> {
  return call(api.city.getCity, {}, { signal, quiet: true });
}

export function useCityTree() {
  return useQuery({ queryKey: registrationKeys.cities(), queryFn: ({ signal }) => getCityTree(signal), staleTime: 5 * 60_000 });
}

export interface RegDistributorPayload extends Omit<RegistrationForm, 'passwordMore'> {
  channelId: number | null;
  channelName: string;
  employeeId: number | null;
}

/** Registers the distributor; quiet: the page shows 注册失败 or the exception text itself. */
export function regDistributor(payload: RegDistributorPayload, idempotencyKey: string) {
  return callAnswer(api.registration.regDistributor, { body: payload }, {
    quiet: true,
    withToken: false,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRegDistributor() {
  return useMutation({
    mutationFn: ({ payload, key }: { payload: RegDistributorPayload; key: string }) => regDistributor(payload, key),
  });
}

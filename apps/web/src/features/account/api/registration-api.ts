import type { RegistrationForm } from '@baobei/shared/rules/registration';
import type { ChannelOption, CompanyCredit, CompanyOption } from '@baobei/shared/schemas/registration';
import type { CityNode } from '@baobei/shared/schemas/session';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, apiPostAnswer } from '../../../lib/api-client';

/** `GET /api/publicapi/get-company-by-keyword?keyword=`: names of the company registry. */
export function getCompanyByKeyword(keyword: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  return apiGet<CompanyOption[]>('/api/publicapi/get-company-by-keyword', { query: { keyword }, signal, quiet: true });
}

export function companyKeywordQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['registration', 'company', keyword] as const,
    queryFn: ({ signal }) => getCompanyByKeyword(keyword, signal),
    enabled: keyword.trim().length > 0,
  });
}

export function useCompanyByKeyword(keyword: string) {
  return useQuery({ ...companyKeywordQueryOptions(keyword), placeholderData: keepPreviousData });
}

/** `GET /api/publicapi/get-company-by-name?name=` → data.creditNo; unknown is a failure. */
export function getCompanyByName(name: string): Promise<CompanyCredit> {
  return apiGet<CompanyCredit>('/api/publicapi/get-company-by-name', { query: { name }, quiet: true });
}

/** `POST /api/publicapi/get-channel-select`: the company's channel contacts. */
export function getChannelSelect(signal?: AbortSignal): Promise<ChannelOption[]> {
  return apiPost<ChannelOption[]>('/api/publicapi/get-channel-select', {}, { signal, quiet: true });
}

export function useChannelSelect() {
  return useQuery({ queryKey: ['registration', 'channels'] as const, queryFn: ({ signal }) => getChannelSelect(signal) });
}

/** `GET /api/publicapi/get-city`: the city tree of the region cascader. */
export function getCityTree(signal?: AbortSignal): Promise<CityNode[]> {
  return apiGet<CityNode[]>('/api/publicapi/get-city', { signal, quiet: true });
}

export function useCityTree() {
  return useQuery({ queryKey: ['registration', 'cities'] as const, queryFn: ({ signal }) => getCityTree(signal), staleTime: 5 * 60_000 });
}

export interface RegDistributorPayload extends Omit<RegistrationForm, 'passwordMore'> {
  channelId: number | null;
  channelName: string;
  employeeId: number | null;
}

/** `POST /api/publicapi/reg-distributor`; quiet: the page shows 注册失败 or the exception text itself. */
export function regDistributor(payload: RegDistributorPayload, idempotencyKey: string) {
  return apiPostAnswer<{ id: number }>('/api/publicapi/reg-distributor', payload, {
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

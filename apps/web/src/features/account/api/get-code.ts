import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface GetCodeInput {
  username: string;
  /** The picture code's serial and the characters the user read from it. */
  sn: string;
  code: string;
  /** `retrieve` for the retrieve-password page; login otherwise. */
  purpose?: 'retrieve';
}

/** `GET /api/login/get-code`: sends the SMS code (part 1, section 7: getCode). */
export function getCode(input: GetCodeInput): Promise<null> {
  return apiGet<null>('/api/login/get-code', { query: { ...input }, withToken: false });
}

export function useGetCode() {
  return useMutation({ mutationFn: getCode });
}

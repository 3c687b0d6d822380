import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface GetCodeInput {
  username: string;
  /** The picture code's serial and the characters the user read from it. */
  sn: string;
  code: string;
  /** `retrieve` for the retrieve-password page; login otherwise. */
  purpose?: 'retrieve';
}

/** Sends the SMS code (part 1, section 7: getCode). */
export function getCode(input: GetCodeInput): Promise<null> {
  // `purpose` left out is a login code: the server reads it so.
  return call(api.auth.getCode, { query: { ...input, purpose: input.purpose } }, { withToken: false });
}

export function useGetCode() {
  return useMutation({ mutationFn: getCode });
}

import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface RetrievePasswordInput {
  phone: string;
  password: string;
  passwordMore: string;
  /** The SMS code (the spec's field name). */
  wxcode: string;
}

/** Sets a new password with the SMS code sent to the phone. */
export function retrievePassword(input: RetrievePasswordInput): Promise<null> {
  return call(api.auth.retrievePassword, { body: input }, { withToken: false });
}

export function useRetrievePassword() {
  return useMutation({ mutationFn: retrievePassword });
}

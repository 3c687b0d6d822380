import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface RetrievePasswordInput {
  phone: string;
  password: string;
  passwordMore: string;
  /** The SMS code (the spec's field name). */
  wxcode: string;
}

/** `POST /api/login/retrieve-password`. */
export function retrievePassword(input: RetrievePasswordInput): Promise<null> {
  return apiPost<null>('/api/login/retrieve-password', input, { withToken: false });
}

export function useRetrievePassword() {
  return useMutation({ mutationFn: retrievePassword });
}

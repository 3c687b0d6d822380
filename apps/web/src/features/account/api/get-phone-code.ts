import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/user/get-phone-code { phone }`: the SMS code that proves the new phone is the user's. */
export function getPhoneCode(phone: string): Promise<null> {
  return apiPost<null>('/api/user/get-phone-code', { phone }, { quiet: true });
}

export function useGetPhoneCode() {
  return useMutation({ mutationFn: getPhoneCode });
}

import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Sends the SMS code that proves the new phone is the user's. */
export function getPhoneCode(phone: string): Promise<null> {
  return call(api.auth.getPhoneCode, { body: { phone } }, { quiet: true });
}

export function useGetPhoneCode() {
  return useMutation({ mutationFn: getPhoneCode });
}

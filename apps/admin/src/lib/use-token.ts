import { useSyncExternalStore } from 'react';
import { onTokenChange, readToken } from './session';

/** The stored session token, re-rendering when sign-in, sign-out or a 401 changes it. */
export function useToken(): string | null {
  return useSyncExternalStore(onTokenChange, readToken, () => null);
}

import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** Sends `{ content }`, the feedback of the help page (the spec's "help" call). */
export function addGbook(input: { content: string }): Promise<null> {
  return call(api.user.addGbook, { body: input });
}

export function useAddGbook() {
  return useMutation({ mutationFn: addGbook });
}

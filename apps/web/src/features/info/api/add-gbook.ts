import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** `POST /api/user/add-gbook { content }`: the feedback of the help page (the spec's "help" call). */
export function addGbook(input: { content: string }): Promise<null> {
  return apiPost<null>('/api/user/add-gbook', input);
}

export function useAddGbook() {
  return useMutation({ mutationFn: addGbook });
}

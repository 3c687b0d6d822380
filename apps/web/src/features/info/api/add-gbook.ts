import { api } from '@baobei/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * Sends `{ content }`, the feedback of the help page (the spec's "help" call), with the
 * Idempotency-Key of this content: a try after no answer (the outbox's, decision 094) reuses it.
 * Quiet: the help page keeps a send without an answer in the outbox instead of the dialog.
 */
export function addGbook({ input, key }: { input: { content: string }; key: string }): Promise<null> {
  return call(api.user.addGbook, { body: input }, { quiet: true, headers: { 'Idempotency-Key': key } });
}

export function useAddGbook() {
  return useMutation({ mutationFn: addGbook });
}

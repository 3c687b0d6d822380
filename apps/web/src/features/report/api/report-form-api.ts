import { api } from '@baobei/shared/contract';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import type { RecognizeResult } from '@baobei/shared/schemas/record';
import { call, callAnswer, type ApiAnswer } from '../../../lib/api-client';
import { draftToSubmit, type ReportDraft } from '../../../lib/report-draft';

/** Smart recognition of pasted text: customers, viewing person and visitor count. */
export function recognizeMessage(message: string): Promise<RecognizeResult> {
  return call(api.home.getDemoMessage, { body: { message } }, { quiet: true });
}

export type SubmitResult = DataOf<typeof api.record.postRecordData>;

/**
 * Submits the report with the draft's payload. The Idempotency-Key is one
 * per attempt; the caller keeps it for a retry after a network failure.
 */
export function submitRecord(draft: ReportDraft, idempotencyKey: string): Promise<ApiAnswer<SubmitResult>> {
  return callAnswer(api.record.postRecordData, { body: draftToSubmit(draft) }, {
    quiet: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

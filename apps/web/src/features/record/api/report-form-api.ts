import type { RecognizeResult } from '@baobei/shared/schemas/record';
import { apiPost, apiPostAnswer, type ApiAnswer } from '../../../lib/api-client';
import { getReportHouseFacts } from './get-report-house-facts';
import { draftToSubmit, type ReportDraft } from '../../../lib/report-draft';

/** `POST /api/index/get-house-data { id }`: the listing's facts the form's rules need. */
export const getHouseFacts = getReportHouseFacts;

/** `POST /api/publicapi/get-demo-message { message }`: smart recognition of pasted text. */
export function recognizeMessage(message: string): Promise<RecognizeResult> {
  return apiPost<RecognizeResult>('/api/publicapi/get-demo-message', { message }, { quiet: true });
}

export interface SubmitResult {
  submissionId?: number | string;
  recordIds?: number[];
}

/**
 * `POST /api/record/post-record-data` with the draft's payload. The Idempotency-Key is one
 * per attempt; the caller keeps it for a retry after a network failure.
 */
export function submitRecord(draft: ReportDraft, idempotencyKey: string): Promise<ApiAnswer<SubmitResult>> {
  return apiPostAnswer<SubmitResult>('/api/record/post-record-data', draftToSubmit(draft), {
    quiet: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

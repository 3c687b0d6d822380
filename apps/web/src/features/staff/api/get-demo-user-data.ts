import { toStaffBatchMessage } from '@baobei/shared/rules/staff';
import type { RecognizedStaff } from '@baobei/shared/schemas/staff';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * `POST /api/user/get-demo-user-data { message }`: the staff rows of pasted text. Part 2,
 * section 5: line breaks are converted to the break marker before sending.
 */
export function getDemoUserData(text: string): Promise<RecognizedStaff[]> {
  return apiPost<RecognizedStaff[]>('/api/user/get-demo-user-data', { message: toStaffBatchMessage(text) }, { quiet: true });
}

export function useRecognizeStaff() {
  return useMutation({ mutationFn: getDemoUserData });
}

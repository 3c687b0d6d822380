import { api } from '@baobei/shared/contract';
import { toStaffBatchMessage } from '@baobei/shared/rules/staff';
import type { RecognizedStaff } from '@baobei/shared/schemas/staff';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The staff rows the server recognises in pasted text (`message`). Part 2,
 * section 5: line breaks are converted to the break marker before sending.
 */
export function getDemoUserData(text: string): Promise<RecognizedStaff[]> {
  return call(api.staff.getDemoUserData, { body: { message: toStaffBatchMessage(text) } }, { quiet: true });
}

export function useRecognizeStaff() {
  return useMutation({ mutationFn: getDemoUserData });
}

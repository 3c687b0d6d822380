import { messages } from '@baobei/shared/messages';
import { isApiError } from '../../../lib/api-error';

const recordText = messages.recordTrack;

export interface AuditSubmitFailure {
  title: string;
  content: string;
  /** 409: someone else changed the report; the caller reloads it before another try. */
  stale: boolean;
}

/**
 * Part 2, section 8: 提交失败 with the server's message (or 订单数据提交失败，请稍后重试), and
 * 订单数据提交异常 when no answer came. Null when the client has already told the user (401).
 */
export function auditSubmitFailure(error: unknown): AuditSubmitFailure | null {
  if (!isApiError(error)) return { title: recordText.submitFailedTitle, content: recordText.submitException, stale: false };
  if (error.handled || error.code === 401) return null;
  if (error.code === 0) return { title: recordText.submitFailedTitle, content: recordText.submitException, stale: false };
  const stale = error.code === 409;
  return { title: recordText.submitFailedTitle, content: error.msg || (stale ? recordText.staleVersion : recordText.submitFailed), stale };
}

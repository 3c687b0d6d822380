import { messages } from '@baobei/shared/messages';
import { isApiError } from '../../../lib/api-error';

const recordText = messages.recordTrack;

export interface DetailLoadFailure {
  title: string;
  content: string;
  /** What 确定 does: load again, or leave (cancel always leaves). */
  onConfirm: 'retry' | 'back';
}

/**
 * Codes after which loading again cannot help: 700 as the spec says; 403 and 404 (not
 * visible to this viewer, or gone) since a retry would only ask the same question again.
 */
const FINAL_CODES = [700, 403, 404];

/**
 * Part 2, section 8, 'Report detail load fails': 订单数据获取失败 with the server's message,
 * or 订单数据获取异常，点击确认进行重新加载 when no answer came. Null after a 401 (the client
 * has already sent the user to log in).
 */
export function detailLoadFailure(error: unknown): DetailLoadFailure | null {
  if (isApiError(error) && (error.handled || error.code === 401)) return null;
  if (!isApiError(error) || error.code === 0) {
    return { title: recordText.detailLoadFailedTitle, content: recordText.detailLoadException, onConfirm: 'retry' };
  }
  return {
    title: recordText.detailLoadFailedTitle,
    content: error.msg || recordText.detailLoadFailedTitle,
    onConfirm: FINAL_CODES.includes(error.code) ? 'back' : 'retry',
  };
}

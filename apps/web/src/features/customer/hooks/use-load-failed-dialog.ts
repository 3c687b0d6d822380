import { messages } from '@baobei/shared/messages';
import { Dialog } from 'antd-mobile';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useOncePerFailure } from '../../../lib/use-once-per-failure';

const customerListText = messages.customerList;

/**
 * Part 2, section 8: a customer list that fails to load says '获取数据失败' with the server's
 * message and 重试 (or back); the page's error state stays. Once per failure.
 */
export function useLoadFailedDialog(
  list: { isError: boolean; errorUpdatedAt: number; error: unknown; refetch: () => unknown },
  goBack: () => void,
) {
  const { refetch } = list;
  useOncePerFailure(list, (error) => {
    if (isApiError(error) && error.handled) return;
    void Dialog.confirm({
      title: customerListText.loadFailedTitle,
      content: errorMessage(error, customerListText.loadFailed),
      confirmText: customerListText.retry,
      cancelText: messages.common.back,
    }).then((retry) => {
      if (retry) void refetch();
      else goBack();
    });
  });
}

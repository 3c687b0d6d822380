import { messages } from '@baobei/shared/messages';
import { Dialog } from 'antd-mobile';
import { errorMessage } from './api-error';

/** The dialog of a failed request: its title, and the server's message or else the fallback. */
export function showFailureDialog(title: string, error: unknown, fallback: string = messages.common.requestException): void {
  void Dialog.alert({ title, content: errorMessage(error, fallback), confirmText: messages.common.confirm });
}

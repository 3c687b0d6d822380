import type { JsSdkConfig } from '@baobei/shared/schemas/wechat';
import { apiPost } from '../api-client';

/** `POST /api/wechat/get-js-sdk { url }`: `wx.config` fields signed for the page's full URL without its hash. */
export function getJsSdkConfig(url: string): Promise<JsSdkConfig> {
  return apiPost<JsSdkConfig>('/api/wechat/get-js-sdk', { url }, { quiet: true });
}

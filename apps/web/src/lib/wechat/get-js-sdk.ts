import { api } from '@baobei/shared/contract';
import type { JsSdkConfig } from '@baobei/shared/schemas/wechat';
import { call } from '../api-client';

/** The `wx.config` fields signed for the page's full URL without its hash. */
export function getJsSdkConfig(url: string): Promise<JsSdkConfig> {
  return call(api.wechat.getJsSdk, { body: { url } }, { quiet: true });
}

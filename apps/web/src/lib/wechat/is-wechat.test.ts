import { describe, expect, it } from 'vitest';
import { isWechatUserAgent } from './is-wechat';

describe('isWechatUserAgent', () => {
  it('recognises the WeChat browser', () => {
    expect(
      isWechatUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      ),
    ).toBe(true);
    expect(isWechatUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')).toBe(false);
  });
});

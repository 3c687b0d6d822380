import { describe, expect, it } from 'vitest';
import { createWechatClient, jsapiSignature } from './wechat';

describe('jsapiSignature', () => {
  // WeChat's published example (JS-SDK documentation, appendix 1: the signature algorithm).
  const example = {
    ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    nonceStr: 'Wm3WZYTPz0wzccnW',
    timestamp: 1414587457,
    url: 'http://mp.weixin.qq.com?params=value',
  };

  it('matches WeChat’s published example', () => {
    expect(jsapiSignature(example)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its #fragment', () => {
    expect(jsapiSignature({ ...example, url: `${example.url}#/house/detail/1` })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(jsapiSignature({ ...example, url: 'http://mp.weixin.qq.com?params=other' })).not.toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('authorizeUrl', () => {
  it('builds WeChat’s authorization address with its parameters in order', () => {
    const client = createWechatClient({ appId: 'wx123', appSecret: 's', apiBase: 'https://api.example', openBase: 'https://open.example/' });
    expect(client.authorizeUrl('https://a.example/api/wechat/oauth-callback-share', '/house/detail/1/2')).toBe(
      'https://open.example/connect/oauth2/authorize?appid=wx123' +
        '&redirect_uri=https%3A%2F%2Fa.example%2Fapi%2Fwechat%2Foauth-callback-share' +
        '&response_type=code&scope=snsapi_base&state=%2Fhouse%2Fdetail%2F1%2F2#wechat_redirect',
    );
  });
});

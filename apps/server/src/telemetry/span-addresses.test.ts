import { describe, expect, it } from 'vitest';
import { incomingAddress, outgoingAddress } from './span-addresses';

describe('outgoing span addresses (docs/decisions/099)', () => {
  it('keep the call readable and its keys and signatures out', () => {
    expect(
      outgoingAddress({ protocol: 'https:', hostname: 'dysmsapi.aliyuncs.com', path: '/?Action=SendSms&AccessKeyId=LTAI5t&Signature=abc%3D&PhoneNumbers=138' }),
    ).toBe('https://dysmsapi.aliyuncs.com/?Action=SendSms&AccessKeyId=***&Signature=***&PhoneNumbers=138');
    expect(outgoingAddress({ protocol: 'https:', host: 'api.weixin.qq.com', path: '/cgi-bin/token?grant_type=client_credential&appid=wx1&secret=s3cr3t' })).toBe(
      'https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=wx1&secret=***',
    );
    expect(outgoingAddress({ hostname: '127.0.0.1', port: 9000, path: '/baobei/public/2026/01/a.png' })).toBe('http://127.0.0.1:9000/baobei/public/2026/01/a.png');
  });

  it('give an incoming request its path, and its query without the secrets', () => {
    expect(incomingAddress('/api/ready')).toEqual({ path: '/api/ready', query: undefined });
    expect(incomingAddress('/uploads/2026/01/a.png?exp=1&sig=abc')).toEqual({ path: '/uploads/2026/01/a.png', query: 'exp=1&sig=***' });
    expect(incomingAddress('/api/record/get-record-list?page=2&token=t0k3n')).toEqual({ path: '/api/record/get-record-list', query: 'page=2&token=***' });
  });
});

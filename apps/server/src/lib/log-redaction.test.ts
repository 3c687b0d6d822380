import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpCompanyRegistry } from '../modules/registration/company-registry-http';
import { isSensitiveParam, redactText, redactUrl } from './log-redaction';
import { SmsSendError } from './sms';

/**
 * Every query parameter that grants access or names a person, as the routes take them
 * (packages/shared/src/contract: get-code's username/sn/code, get-report-auto-count's sign; the
 * web pages /external/record/list?sign= and /authorization?code=&state=), as the pictures are
 * signed (modules/upload/picture-signer.ts: sig; S3, OSS and COS presigned URLs) and as the
 * upstream calls carry them (WeChat's access_token, secret, ticket; the registry's key).
 */
const SECRET_PARAMS = [
  'sign',
  'sig',
  'signature',
  'Signature',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'wxcode',
  'verifyCode',
  'ticket',
  'state',
  'sn',
  'username',
  'phone',
  'mobile',
  'password',
  'passwordMore',
  'oldPassword',
  'secret',
  'appsecret',
  'key',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
  'OSSAccessKeyId',
  'security-token',
  'q-signature',
  'q-ak',
  'AccessKeyId',
  'api_key',
  'apikey',
  'authorization',
];

describe('redactUrl', () => {
  it('hides phones and codes but keeps other parameters', () => {
    const out = redactUrl('/api/login/get-code?username=13800000003&sn=abc&code=x1y2&purpose=login');
    expect(out).not.toContain('13800000003');
    expect(out).not.toContain('x1y2');
    expect(out).toContain('purpose=login');
  });

  it('leaves urls without a query alone', () => {
    expect(redactUrl('/api/index/get-company')).toBe('/api/index/get-company');
  });

  it.each(SECRET_PARAMS)('redacts %s, wherever it stands in the query', (name) => {
    const value = 'S3cr3t-Value_x';
    for (const url of [
      `/external/record/list?${name}=${value}`,
      `/external/record/list?houseId=7&${name}=${value}&page=2`,
      `https://api.example.com/cgi-bin/x?a=1&${name}=${value}`,
    ]) {
      const out = redactUrl(url);
      expect(out).not.toContain(value);
      expect(out).toContain(`${name}=***`);
    }
  });

  it('redacts a name however it is written: any case, percent-encoded', () => {
    expect(redactUrl('/x?SIGN=abc')).toBe('/x?SIGN=***');
    expect(redactUrl('/x?si%67n=abc&houseId=1')).toBe('/x?si%67n=***&houseId=1');
    expect(redactUrl('/x?sign=a&sign=b')).toBe('/x?sign=***&sign=***');
  });

  it('keeps the rest of the URL byte for byte', () => {
    const url = '/api/admin/house/list?keyword=%E6%B5%B7%E5%8F%A3&page=1&pageSize=20&status=ON';
    expect(redactUrl(url)).toBe(url);
    expect(redactUrl('/external/record/list?houseId=12&sign=AbC-_d9')).toBe('/external/record/list?houseId=12&sign=***');
    expect(redactUrl('/uploads/private/2024/a.jpg?exp=1700003600&sig=Zm9v')).toBe('/uploads/private/2024/a.jpg?exp=1700003600&sig=***');
  });

  it('names exactly the parameters the access-granting routes read', () => {
    for (const name of SECRET_PARAMS) expect(isSensitiveParam(name)).toBe(true);
    for (const name of ['houseId', 'page', 'pageSize', 'keyword', 'exp', 'purpose', 'cursor', 'status', 'id']) {
      expect(isSensitiveParam(name)).toBe(false);
    }
  });
});

describe('redactText', () => {
  it('redacts the URLs and JSON a message quotes', () => {
    const text =
      'request to https://registry.example.com/api/basic-info?key=REGKEY123&keyword=%E6%B5%B7 failed, ' +
      'body {"PhoneNumbers":"1**","TemplateParam":"{}","code":"482913","access_token":"TOK"} (ticket=TICKET9)';
    const out = redactText(text);
    for (const secret of ['REGKEY123', '482913', 'TOK"', 'TICKET9']) expect(out).not.toContain(secret);
    expect(out).toContain('keyword=%E6%B5%B7');
    expect(out).toContain('"PhoneNumbers":"1**"');
  });

  it('leaves plain text alone', () => {
    expect(redactText('fetch failed')).toBe('fetch failed');
  });
});

describe('provider messages', () => {
  it('an SMS failure carries no code, signature or key the provider quoted', () => {
    const error = new SmsSendError(
      'aliyun',
      'unavailable',
      'SignatureDoesNotMatch',
      'Specified signature is not matched. StringToSign: GET&/&AccessKeyId=LTAI5t&Signature=c2ln&TemplateParam={"code":"482913"}',
    );
    expect(error.message).not.toContain('LTAI5t');
    expect(error.message).not.toContain('c2ln');
    expect(error.message).not.toContain('482913');
    expect(error.message).toContain('SignatureDoesNotMatch');
  });
});

describe('upstream calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a company registry failure quoting its URL is logged without the account key', async () => {
    vi.stubGlobal('fetch', async (url: URL) => {
      throw new Error(`connect ECONNREFUSED while fetching ${url.href}`);
    });
    const reasons: string[] = [];
    const registry = createHttpCompanyRegistry({
      baseUrl: 'https://registry.example.com/api',
      key: 'REGISTRY-KEY-42',
      secret: 'never-sent',
      timeoutMs: 1000,
      onUnavailable: (reason) => reasons.push(reason),
    });
    await expect(registry.search('海南', 10)).rejects.toThrow();
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain('key=***');
    expect(reasons[0]).not.toContain('REGISTRY-KEY-42');
  });
});

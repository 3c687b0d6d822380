import { createHash, createHmac } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';

/**
 * Local fakes of Aliyun SMS and Tencent Cloud SMS on 127.0.0.1. Each checks a SendSms request
 * as the provider does (endpoint, action and version, signature, parameters), keeps what it
 * received, and answers in the provider's shape: `reply` picks the answer, success by default.
 * The signatures are recomputed here from the providers' documentation, not with the SDKs' code.
 */

/** What a fake understood of one request. */
export interface ReceivedSms {
  /** false: the fake answered the provider's signature error. */
  signatureValid: boolean;
  /** Why the signature or the request was refused (empty when accepted). */
  refusal: string;
  phone: string;
  signName: string;
  templateId: string;
  /** Aliyun: TemplateParam's JSON object; Tencent: TemplateParamSet's values as {"1": …}. */
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
}

interface FakeBase<Answer> {
  /** `http://127.0.0.1:port` */
  url: string;
  port: number;
  received: ReceivedSms[];
  /** The answer to the next valid requests (set by a test; success unless set). */
  reply: Answer;
  close(): Promise<void>;
}

async function listen(handler: (req: IncomingMessage, body: Buffer) => { status: number; body: object }): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handler(req, Buffer.concat(chunks));
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port };
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as both providers canonicalise names and values. */
function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The query's pairs decoded as RFC 3986 (a '+' stays a '+'). */
function queryPairs(search: string): [string, string][] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return [decodeURIComponent(name), decodeURIComponent(value)];
    });
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

const withinMinutes = (time: number, minutes: number) => Math.abs(Date.now() - time) <= minutes * 60_000;

/** Fastify's own logger (pino underneath), as the adapters get it in the app, writing to a string. */
export function captureLog() {
  const stream = new PassThrough();
  let written = '';
  stream.on('data', (c: Buffer) => (written += c.toString('utf8')));
  return { stream, log: Fastify({ logger: { level: 'info', stream } }).log, read: () => written };
}

/**
 * A complete Aliyun SMS configuration for a production start that sends nothing (a health check,
 * a bench): `endpoint` is a local fake, or a closed port when no message may be sent at all.
 */
export function aliyunSmsEnv(endpoint: string, credentials = { accessKeyId: 'test-key-id', accessKeySecret: 'test-key-secret' }) {
  return {
    SMS_PROVIDER: 'aliyun',
    SMS_ALIYUN_ACCESS_KEY_ID: credentials.accessKeyId,
    SMS_ALIYUN_ACCESS_KEY_SECRET: credentials.accessKeySecret,
    SMS_ALIYUN_ENDPOINT: endpoint,
    SMS_SIGN_NAME: '海口新房',
    SMS_TEMPLATE_LOGIN_CODE: 'SMS_100000001',
    SMS_TEMPLATE_PASSWORD_CODE: 'SMS_100000002',
    SMS_TEMPLATE_PHONE_CHANGE_CODE: 'SMS_100000003',
    SMS_TEMPLATE_REGISTRATION_APPROVED: 'SMS_100000004',
    SMS_TEMPLATE_REGISTRATION_REJECTED: 'SMS_100000005',
  } as const;
}

// --- Aliyun --------------------------------------------------------------------------------

export interface AliyunAnswer {
  /** HTTP status: 200 for SendSms answers (OK or not), 4xx/5xx for refused requests. */
  status: number;
  body: { Code: string; Message: string; RequestId?: string; BizId?: string };
}
export const aliyunAnswers = {
  ok: { status: 200, body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' } },
  /** Aliyun's per-number flow control (minute, hour or day). */
  businessLimit: { status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5', RequestId: 'A1' } },
  illegalNumber: { status: 200, body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号', RequestId: 'A2' } },
  noBalance: { status: 200, body: { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '账户余额不足', RequestId: 'A3' } },
  badTemplate: { status: 200, body: { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板', RequestId: 'A4' } },
  keyNotFound: { status: 404, body: { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.', RequestId: 'A5' } },
  serverDown: { status: 503, body: { Code: 'ServiceUnavailable', Message: 'The request has failed due to a temporary failure of the server.', RequestId: 'A6' } },
} satisfies Record<string, AliyunAnswer>;

export type FakeAliyunSms = FakeBase<AliyunAnswer>;

/**
 * Aliyun SMS, OpenAPI V3 signature (ACS3-HMAC-SHA256, help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature):
 * the canonical request is method, path, the RFC 3986 query sorted by name, the signed headers
 * (`host`, `x-acs-*`, `content-type`) as `name:value` lines, their names, and the payload's
 * SHA-256; the signature is HMAC-SHA256 of `ACS3-HMAC-SHA256\n` + its SHA-256, keyed by the secret.
 */
export async function startFakeAliyunSms(credentials: { accessKeyId: string; accessKeySecret: string }): Promise<FakeAliyunSms> {
  const fake: FakeAliyunSms = { url: '', port: 0, received: [], reply: aliyunAnswers.ok, close: async () => undefined };

  function refuse(status: number, code: string, message: string) {
    return { status, body: { Code: code, Message: message, RequestId: 'FAKE-REFUSED', Recommend: '', HostId: 'dysmsapi.aliyuncs.com' } };
  }

  const { server, port } = await listen((req, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const pairs = queryPairs(url.search);
    const query = Object.fromEntries(pairs);
    let params: Record<string, string> = {};
    try {
      params = JSON.parse(query.TemplateParam ?? '{}') as Record<string, string>;
    } catch {
      params = {};
    }
    const entry: ReceivedSms = {
      signatureValid: false,
      refusal: '',
      phone: query.PhoneNumbers ?? '',
      signName: query.SignName ?? '',
      templateId: query.TemplateCode ?? '',
      params,
      headers: req.headers,
    };
    fake.received.push(entry);

    const authorization = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(header(req, 'authorization'));
    const refusal = (() => {
      if (req.method !== 'POST' || url.pathname !== '/') return `${req.method} ${url.pathname}`;
      if (header(req, 'x-acs-action') !== 'SendSms' || header(req, 'x-acs-version') !== '2017-05-25') return 'action or version';
      if (!authorization) return 'no ACS3-HMAC-SHA256 authorization';
      const [, accessKeyId, signedHeaderList = '', signature] = authorization;
      if (accessKeyId !== credentials.accessKeyId) return 'access key';
      const signedHeaders = signedHeaderList.split(';');
      for (const required of ['host', 'x-acs-action', 'x-acs-version', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-content-sha256']) {
        if (!signedHeaders.includes(required)) return `${required} not signed`;
      }
      if (!withinMinutes(Date.parse(header(req, 'x-acs-date')), 15)) return 'x-acs-date';
      const payloadHash = sha256Hex(body);
      if (header(req, 'x-acs-content-sha256') !== payloadHash) return 'x-acs-content-sha256';
      const canonicalQuery = pairs
        .map(([name, value]) => [rfc3986(name), rfc3986(value)])
        .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
      const canonicalHeaders = signedHeaders.map((name) => `${name}:${header(req, name).trim()}\n`).join('');
      const canonicalRequest = ['POST', '/', canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
      const expected = hmac(credentials.accessKeySecret, `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`).toString('hex');
      return expected === signature ? '' : 'signature';
    })();
    entry.refusal = refusal;
    if (refusal === 'access key') return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (refusal === 'signature') {
      return refuse(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    }
    if (refusal) return refuse(400, 'MissingParameter', refusal);
    entry.signatureValid = true;
    if (!entry.phone || !entry.signName || !entry.templateId) return refuse(400, 'MissingParameter', 'PhoneNumbers, SignName or TemplateCode');
    return fake.reply;
  });
  fake.url = `http://127.0.0.1:${port}`;
  fake.port = port;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

// --- Tencent -------------------------------------------------------------------------------

export interface TencentAnswer {
  /** A request-level error (`Response.Error`), or the status of the number. */
  error?: { Code: string; Message: string };
  status?: { Code: string; Message: string };
}
export const tencentAnswers = {
  ok: { status: { Code: 'Ok', Message: 'send success' } },
  dailyLimit: {
    status: { Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit' },
  },
  noBalance: { status: { Code: 'FailedOperation.InsufficientBalanceInSmsPackage', Message: 'insufficient balance in SMS package' } },
  incorrectNumber: { status: { Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'incorrect phone number +8613812345678' } },
  /** Request-level: the whole call refused. */
  appDailyLimit: { error: { Code: 'LimitExceeded.AppDailyLimit', Message: 'the number of sms messages sent every day exceeds the upper limit' } },
  templateMismatch: {
    error: { Code: 'FailedOperation.TemplateParamSetNotMatchApprovedTemplate', Message: 'request content does not match the template content' },
  },
} satisfies Record<string, TencentAnswer>;

export type FakeTencentSms = FakeBase<TencentAnswer> & {
  /** The host name the SDK signs for (its first label names the service, `sms`). */
  host: string;
  /** Connects `url` (that host) to this fake: give it to the adapter. */
  agent: Agent;
};

/**
 * Tencent Cloud SMS, TC3-HMAC-SHA256 (cloud.tencent.com/document/api/382/52072): the canonical
 * request is `POST\n/\n\ncontent-type:…\nhost:…\n\ncontent-type;host\n` + the body's SHA-256; the
 * string to sign is the algorithm, the timestamp, `date/sms/tc3_request` and its SHA-256; the key
 * is derived `TC3`+key → date → service → `tc3_request`. The host is `sms.tencentcloudapi.com`:
 * a test connects to this fake with an agent whose lookup answers 127.0.0.1.
 */
export async function startFakeTencentSms(credentials: { secretId: string; secretKey: string; sdkAppId: string }): Promise<FakeTencentSms> {
  const host = 'sms.tencentcloudapi.com';
  // Every name resolves to 127.0.0.1 through this agent only; nothing else is redirected.
  const agent = new Agent({
    lookup: (_name, options, callback) =>
      options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4),
  } as ConstructorParameters<typeof Agent>[0]);
  const fake: FakeTencentSms = { url: '', port: 0, host, agent, received: [], reply: tencentAnswers.ok, close: async () => undefined };
  const requestId = () => `fake-${fake.received.length}`;
  const error = (Code: string, Message: string) => ({ status: 200, body: { Response: { Error: { Code, Message }, RequestId: requestId() } } });

  const { server, port } = await listen((req, raw) => {
    let body: { PhoneNumberSet?: string[]; SmsSdkAppId?: string; SignName?: string; TemplateId?: string; TemplateParamSet?: string[] } = {};
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      body = {};
    }
    const entry: ReceivedSms = {
      signatureValid: false,
      refusal: '',
      phone: body.PhoneNumberSet?.[0] ?? '',
      signName: body.SignName ?? '',
      templateId: body.TemplateId ?? '',
      params: Object.fromEntries((body.TemplateParamSet ?? []).map((value, i) => [String(i + 1), value])),
      headers: req.headers,
    };
    fake.received.push(entry);

    const authorization = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header(req, 'authorization'),
    );
    const timestamp = Number(header(req, 'x-tc-timestamp'));
    const refusal = (() => {
      if (req.method !== 'POST' || req.url !== '/') return `${req.method} ${req.url}`;
      if (header(req, 'x-tc-action') !== 'SendSms' || header(req, 'x-tc-version') !== '2021-01-11') return 'action or version';
      if (!header(req, 'x-tc-region')) return 'region';
      if (!authorization) return 'no TC3-HMAC-SHA256 authorization';
      const [, secretId, date = '', service = '', signedHeaderList = '', signature] = authorization;
      if (secretId !== credentials.secretId) return 'secret id';
      if (!withinMinutes(timestamp * 1000, 5)) return 'timestamp';
      if (service !== 'sms' || date !== new Date(timestamp * 1000).toISOString().slice(0, 10)) return 'credential scope';
      // The signed host is the Host header without a port (the SDK signs the URL's hostname).
      const signedHost = header(req, 'host').replace(/:\d+$/, '');
      if (signedHost !== host) return 'host';
      const signedHeaders = signedHeaderList.split(';');
      const canonicalHeaders = signedHeaders.map((name) => `${name}:${name === 'host' ? signedHost : header(req, name).trim().toLowerCase()}\n`).join('');
      const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaderList, sha256Hex(raw)].join('\n');
      const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/${service}/tc3_request`, sha256Hex(canonicalRequest)].join('\n');
      const key = hmac(hmac(hmac(`TC3${credentials.secretKey}`, date), service), 'tc3_request');
      return createHmac('sha256', key).update(stringToSign).digest('hex') === signature ? '' : 'signature';
    })();
    entry.refusal = refusal;
    if (refusal === 'secret id') return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    if (refusal === 'signature') return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    if (refusal) return error('AuthFailure.InvalidAuthorization', refusal);
    entry.signatureValid = true;
    if (body.SmsSdkAppId !== credentials.sdkAppId) return error('FailedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify fail');
    if (!entry.phone || !entry.templateId) return error('MissingParameter', 'PhoneNumberSet or TemplateId');
    if (fake.reply.error) return error(fake.reply.error.Code, fake.reply.error.Message);
    const status = fake.reply.status ?? tencentAnswers.ok.status;
    const SendStatusSet = [{ SerialNo: '2645:1', PhoneNumber: entry.phone, Fee: 1, SessionContext: '', IsoCode: 'CN', ...status }];
    return { status: 200, body: { Response: { SendStatusSet, RequestId: requestId() } } };
  });
  fake.url = `http://${host}:${port}`;
  fake.port = port;
  fake.close = () => {
    agent.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return fake;
}

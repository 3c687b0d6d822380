import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const TEST_S3 = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', bucket: 'baobei-test' } as const;

/** The settings of STORAGE=s3 on the test server at `endpoint` (startTestS3), as an app reads them. */
export function testS3Settings(endpoint: string) {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: TEST_S3.region,
    S3_BUCKET: TEST_S3.bucket,
    S3_ACCESS_KEY_ID: TEST_S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: TEST_S3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  } as const;
}

const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function s3Error(reply: ServerResponse, status: number, code: string, message: string): void {
  reply.writeHead(status, { 'content-type': 'application/xml' });
  reply.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/**
 * Checks a request's Signature V4 (Authorization header or presigned query) as S3 does: the
 * canonical request rebuilt from what arrived, signed with the account's secret. Answers the
 * reason it is refused, or null when it is good.
 */
function refusal(request: IncomingMessage, url: URL, now: Date): [number, string, string] | null {
  const query = url.searchParams;
  const presigned = query.has('X-Amz-Algorithm');
  let credential: string, signedHeaders: string, signature: string, amzDate: string, payloadHash: string;
  if (presigned) {
    credential = query.get('X-Amz-Credential') ?? '';
    signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
    signature = query.get('X-Amz-Signature') ?? '';
    amzDate = query.get('X-Amz-Date') ?? '';
    payloadHash = 'UNSIGNED-PAYLOAD';
    const expires = Number(query.get('X-Amz-Expires'));
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!Number.isFinite(signedAt) || !(expires > 0)) return [400, 'AuthorizationQueryParametersError', 'bad presign'];
    if (signedAt + expires * 1000 <= now.getTime()) return [403, 'AccessDenied', 'Request has expired'];
  } else {
    const header = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(request.headers.authorization ?? '');
    if (!header) return [400, 'InvalidRequest', 'unsupported authorization'];
    [, credential = '', signedHeaders = '', signature = ''] = header;
    amzDate = String(request.headers['x-amz-date'] ?? '');
    payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  }
  const [accessKeyId, day = '', region = '', service = ''] = credential.split('/');
  if (accessKeyId !== TEST_S3.accessKeyId) return [403, 'InvalidAccessKeyId', 'unknown access key'];
  const canonicalQuery = [...query.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  const headers = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [request.method, url.pathname, canonicalQuery, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${TEST_S3.secretAccessKey}`, day), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature ? null : [403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match'];
}

/**
 * A local S3 server for tests: s3rver (the objects, their headers, the XML answers) behind a
 * gate that does what s3rver does not, as a real bucket would: it verifies every Signature V4
 * (s3rver accepts any) and lets an anonymous request read `public/` only (the bucket policy
 * the storage decision asks for). `now` lets a test move the gate's clock past an expiry.
 */
export async function startTestS3(): Promise<{ endpoint: string; clock: { offsetMs: number }; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'baobei-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_S3.bucket, configs: [] }] });
  const { port: s3rverPort } = (await s3rver.run()) as AddressInfo;
  const clock = { offsetMs: 0 };

  const gate: Server = createServer((request, reply) => {
    const url = new URL(request.url ?? '/', 'http://gate');
    const signed = url.searchParams.has('X-Amz-Algorithm') || request.headers.authorization !== undefined;
    if (signed) {
      const refused = refusal(request, url, new Date(Date.now() + clock.offsetMs));
      if (refused) return s3Error(reply, ...refused);
    } else {
      const publicRead = (request.method === 'GET' || request.method === 'HEAD') && url.pathname.startsWith(`/${TEST_S3.bucket}/public/`);
      if (!publicRead) return s3Error(reply, 403, 'AccessDenied', 'Access Denied');
    }
    const upstream = forward(
      { host: '127.0.0.1', port: s3rverPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    upstream.on('error', (error) => s3Error(reply, 502, 'BadGateway', error.message));
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const { port } = gate.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    clock,
    async close() {
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@baobei/shared/messages';
import { pgliteOptions } from '../db/client';
import { aliyunSmsEnv } from './fake-sms-providers';
import { emptyDataDir, runScript, startServer } from './server-process';

/**
 * docs/decisions/039: `npm run create-admin` on a fresh production database (only NODE_ENV and
 * DATA_DIR set): it migrates, creates the host's company with --title, prints a password once,
 * and the account signs in to the console of the production build and must change it first.
 */
const SCRIPT = 'apps/server/src/commands/create-admin.ts';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function query<T>(dir: string, sql: string): Promise<T[]> {
  const client = new PGlite(pgliteOptions({ dataDir: `${dir}/pglite` }));
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.close();
  }
}

const PRODUCTION_SERVER = {
  NODE_ENV: 'production',
  EXTERNAL_LINK_SECRET: 'a-production-secret-of-enough-length',
  ...aliyunSmsEnv('http://127.0.0.1:9'),
};

describe('npm run create-admin', () => {
  it('creates the first company and its operator on a fresh production database; the operator signs in and must change the password', async () => {
    const dir = await emptyDataDir('create-admin');
    dirs.push(dir);
    const env = { NODE_ENV: 'production', DATA_DIR: dir };
    // fetch sends the server's address as the Host: the company answers on 127.0.0.1.
    const args = (phone: string, role: string, extra: string[] = []) => ['--host', '127.0.0.1', '--phone', phone, '--name', '王运营', '--role', role, ...extra];

    const noCompany = await runScript(SCRIPT, env, args('13700000001', 'OPERATOR'));
    expect(noCompany.code).toBe(1);
    expect(noCompany.output).toMatch(/no company answers on 127\.0\.0\.1: pass --title/);
    const badRole = await runScript(SCRIPT, env, args('13700000001', 'AUDITOR', ['--title', '琼海新房报备']));
    expect(badRole.code).toBe(1);
    expect(badRole.output).toMatch(/--role must be OPERATOR or PLATFORM_ADMIN/);

    const made = await runScript(SCRIPT, env, args('13700000001', 'OPERATOR', ['--title', '琼海新房报备']));
    expect(made.code, made.output).toBe(0);
    expect(made.output).toMatch(/company created: 琼海新房报备/);
    const password = /password: (\S+)/.exec(made.output)?.[1] ?? '';
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{16}$/);
    const [account] = await query<{ role: string; must: boolean; hash: string }>(
      dir,
      `select role, must_change_password as must, password_hash as hash from "user" where phone = '13700000001'`,
    );
    expect(account).toMatchObject({ role: 'OPERATOR', must: true });
    expect(account!.hash).not.toContain(password);

    const again = await runScript(SCRIPT, env, args('13700000001', 'PLATFORM_ADMIN'));
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/13700000001 already has an account in company 琼海新房报备/);
    const platform = await runScript(SCRIPT, env, args('13700000002', 'PLATFORM_ADMIN'));
    expect(platform.code, platform.output).toBe(0);
    expect(platform.output).not.toMatch(/company created/);
    expect(await query<{ n: number }>(dir, 'select count(*)::int as n from company')).toEqual([{ n: 1 }]);

    const server = await startServer({ ...PRODUCTION_SERVER, DATA_DIR: dir });
    try {
      const call = async (method: string, url: string, token?: string, body?: object) => {
        const res = await fetch(`${server.url}${url}`, {
          method,
          headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: res.status, json: (await res.json()) as { msg: string; data: Record<string, unknown> & { token?: string } } };
      };
      expect((await call('GET', '/api/index/get-company?host=127.0.0.1')).json.data).toMatchObject({ title: '琼海新房报备' });
      expect((await call('GET', '/api/index/get-common-init-config')).status).toBe(200);
      const signed = await call('POST', '/api/admin/auth/sign', undefined, { phone: '13700000001', password });
      expect(signed.status, JSON.stringify(signed.json)).toBe(200);
      const token = signed.json.data.token!;
      expect(signed.json.data.user).toMatchObject({ role: 'OPERATOR', mustChangePassword: true });
      const held = await call('GET', '/api/admin/company/get-brand', token);
      expect(held.status).toBe(403);
      expect(held.json.data).toEqual({ reason: 'MUST_CHANGE_PASSWORD' });
      const changed = await call('POST', '/api/admin/auth/change-password', token, { oldPassword: password, password: 'Qionghai2026', passwordMore: 'Qionghai2026' });
      expect(changed.status).toBe(200);
      const brand = await call('GET', '/api/admin/company/get-brand', token);
      expect(brand.status).toBe(200);
      expect(brand.json.data).toMatchObject({ title: '琼海新房报备', hosts: ['127.0.0.1'], maxCustomersPerReport: 5 });
      // The mobile sign-in refuses it.
      const mobile = await call('POST', '/api/login/sign', undefined, { username: '13700000001', password: 'Qionghai2026' });
      expect(mobile.json.msg).toBe(messages.adminAuth.consoleAccountOnMobile);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadDatabaseConfig } from './config';
import { aliyunSmsEnv } from './test/fake-sms-providers';

/** A production SMS provider (aliyun, at a closed local port): these tests send nothing. */
const SMS = aliyunSmsEnv('http://127.0.0.1:9');

describe('configuration', () => {
  it('EXTERNAL_LINK_SECRET: none written in the repository, required in production', () => {
    // Unset outside production: the app makes a key of its own (lib/instance-secrets.ts).
    expect(loadConfig({ NODE_ENV: 'development' }).EXTERNAL_LINK_SECRET).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/EXTERNAL_LINK_SECRET/);
    const secret = 'a-production-secret-of-enough-length';
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS }).EXTERNAL_LINK_SECRET).toBe(secret);
    expect(() => loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: 'short' })).toThrow(/EXTERNAL_LINK_SECRET/);
  });

  it("DATA_DIR: unset, the server's own data folder from wherever a command starts (npm start in apps/server, db:migrate at the root)", () => {
    const serverData = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data');
    const cwd = process.cwd();
    try {
      for (const dir of [path.resolve(serverData, '../..'), path.resolve(serverData, '..')]) {
        process.chdir(dir);
        expect(loadConfig({}).DATA_DIR).toBe(serverData);
        expect(loadDatabaseConfig({}).DATA_DIR).toBe(serverData);
      }
    } finally {
      process.chdir(cwd);
    }
    expect(loadConfig({ DATA_DIR: '/srv/baobei' }).DATA_DIR).toBe('/srv/baobei');
  });
});

describe('TRUST_PROXY', () => {
  it('believes no forwarding header unless proxies are named', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '::1' }).TRUST_PROXY).toEqual(['::1']);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('refuses to believe everyone and anything that is not an address or a hop count', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.local' })).toThrow(/TRUST_PROXY/);
  });
});

describe('SEED_DEMO', () => {
  it('defaults to on outside production and off in production, where it is refused', () => {
    const secret = 'a-production-secret-of-enough-length';
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS, SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
  });
});

describe('API_DOCS', () => {
  it('serves the OpenAPI pages outside production; in production only when turned on', () => {
    const secret = 'a-production-secret-of-enough-length';
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS, API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

describe('SMS_PROVIDER', () => {
  const secret = 'a-production-secret-of-enough-length';
  const tencent = {
    SMS_PROVIDER: 'tencent',
    SMS_TENCENT_SECRET_ID: 'AKIDFakeSecretId',
    SMS_TENCENT_SECRET_KEY: 'fake-key',
    SMS_TENCENT_SDK_APP_ID: '1400000001',
    SMS_SIGN_NAME: '海口新房',
    SMS_TEMPLATE_LOGIN_CODE: '1001',
    SMS_TEMPLATE_PASSWORD_CODE: '1002',
    SMS_TEMPLATE_PHONE_CHANGE_CODE: '1003',
    SMS_TEMPLATE_REGISTRATION_APPROVED: '1004',
    SMS_TEMPLATE_REGISTRATION_REJECTED: '1005',
  };

  it('is dev by default outside production, and refused in production unless aliyun or tencent', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).SMS_PROVIDER).toBe('dev');
    expect(() => loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret })).toThrow(
      /SMS_PROVIDER must be aliyun or tencent in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, SMS_PROVIDER: 'dev' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS }).SMS_PROVIDER).toBe('aliyun');
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...tencent }).SMS_PROVIDER).toBe('tencent');
  });

  it('a provider without its settings refuses to start, naming each missing one', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(
      'Invalid configuration: SMS_PROVIDER=aliyun needs SMS_ALIYUN_ACCESS_KEY_ID, SMS_ALIYUN_ACCESS_KEY_SECRET, SMS_SIGN_NAME, ' +
        'SMS_TEMPLATE_LOGIN_CODE, SMS_TEMPLATE_PASSWORD_CODE, SMS_TEMPLATE_PHONE_CHANGE_CODE, ' +
        'SMS_TEMPLATE_REGISTRATION_APPROVED, SMS_TEMPLATE_REGISTRATION_REJECTED',
    );
    expect(() => loadConfig({ ...tencent, SMS_TENCENT_SDK_APP_ID: '', SMS_TEMPLATE_REGISTRATION_REJECTED: ' ' })).toThrow(
      'Invalid configuration: SMS_PROVIDER=tencent needs SMS_TENCENT_SDK_APP_ID, SMS_TEMPLATE_REGISTRATION_REJECTED',
    );
    // Another provider's settings do not stand in for the chosen one's.
    expect(() => loadConfig({ ...SMS, SMS_PROVIDER: 'tencent' })).toThrow(/needs SMS_TENCENT_SECRET_ID, SMS_TENCENT_SECRET_KEY, SMS_TENCENT_SDK_APP_ID$/);
  });

  it('endpoints default to the providers’ and take only http(s) URLs', () => {
    const config = loadConfig({});
    expect(config.SMS_ALIYUN_ENDPOINT).toBe('https://dysmsapi.aliyuncs.com');
    expect(config.SMS_TENCENT_ENDPOINT).toBe('https://sms.tencentcloudapi.com');
    expect(config.SMS_TENCENT_REGION).toBe('ap-guangzhou');
    expect(() => loadConfig({ ...SMS, SMS_ALIYUN_ENDPOINT: 'dysmsapi.aliyuncs.com' })).toThrow(/SMS_ALIYUN_ENDPOINT/);
    expect(() => loadConfig({ ...tencent, SMS_TENCENT_ENDPOINT: 'ftp://sms.tencentcloudapi.com' })).toThrow(/SMS_TENCENT_ENDPOINT/);
  });
});

describe('COMPANY_REGISTRY', () => {
  const secret = 'a-production-secret-of-enough-length';
  const production = { NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, ...SMS };
  const http = {
    COMPANY_REGISTRY: 'http',
    COMPANY_REGISTRY_URL: 'https://registry.example.com/api',
    COMPANY_REGISTRY_KEY: 'registry-key',
    COMPANY_REGISTRY_SECRET: 'registry-secret',
  };

  it('is the built-in list outside production and none in production, where the built-in list is refused', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).COMPANY_REGISTRY).toBe('builtin');
    expect(loadConfig(production).COMPANY_REGISTRY).toBe('none');
    expect(() => loadConfig({ ...production, COMPANY_REGISTRY: 'builtin' })).toThrow(/COMPANY_REGISTRY=builtin is refused in production/);
    expect(loadConfig({ ...production, ...http }).COMPANY_REGISTRY).toBe('http');
    expect(() => loadConfig({ COMPANY_REGISTRY: 'qichacha' })).toThrow(/COMPANY_REGISTRY/);
  });

  it('http without its settings refuses to start, naming each missing one; the URL is http(s)', () => {
    expect(() => loadConfig({ COMPANY_REGISTRY: 'http' })).toThrow(
      'Invalid configuration: COMPANY_REGISTRY=http needs COMPANY_REGISTRY_URL, COMPANY_REGISTRY_KEY, COMPANY_REGISTRY_SECRET',
    );
    expect(() => loadConfig({ ...http, COMPANY_REGISTRY_SECRET: ' ' })).toThrow(/needs COMPANY_REGISTRY_SECRET$/);
    expect(() => loadConfig({ ...http, COMPANY_REGISTRY_URL: 'registry.example.com' })).toThrow(/COMPANY_REGISTRY_URL/);
    expect(loadConfig(http).COMPANY_REGISTRY_TIMEOUT_MS).toBe(3000);
  });
});

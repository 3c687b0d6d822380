import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('EXTERNAL_LINK_SECRET: none written in the repository, required in production', () => {
    // Unset outside production: the app makes a key of its own (lib/instance-secrets.ts).
    expect(loadConfig({ NODE_ENV: 'development' }).EXTERNAL_LINK_SECRET).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/EXTERNAL_LINK_SECRET/);
    const secret = 'a-production-secret-of-enough-length';
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret }).EXTERNAL_LINK_SECRET).toBe(secret);
    expect(() => loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: 'short' })).toThrow(/EXTERNAL_LINK_SECRET/);
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
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
  });
});

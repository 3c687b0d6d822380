import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('EXTERNAL_LINK_SECRET: a development default, required in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).EXTERNAL_LINK_SECRET.length).toBeGreaterThanOrEqual(16);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/EXTERNAL_LINK_SECRET/);
    const secret = 'a-production-secret-of-enough-length';
    expect(loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: secret }).EXTERNAL_LINK_SECRET).toBe(secret);
    expect(() => loadConfig({ NODE_ENV: 'production', EXTERNAL_LINK_SECRET: 'short' })).toThrow(/EXTERNAL_LINK_SECRET/);
  });
});

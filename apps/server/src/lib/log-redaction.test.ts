import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

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
});

import { describe, expect, it } from 'vitest';
import { inAppPath } from './in-app-path';

describe('inAppPath', () => {
  it('accepts paths of this app', () => {
    expect(inAppPath('/house/detail/12')).toBe('/house/detail/12');
    expect(inAppPath(' /house/list?feature=3 ')).toBe('/house/list?feature=3');
  });

  it('refuses other origins, schemes and empty links', () => {
    for (const link of ['', null, undefined, '//evil.example/x', '/\\evil.example', 'https://example.com', 'javascript:alert(1)', 'house/list']) {
      expect(inAppPath(link)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keys an IPv6 client by its /64, whichever address of it it uses', () => {
    expect(addressKey('2001:db8:9:9::1')).toBe('2001:db8:9:9::/64');
    expect(addressKey('2001:db8:9:9:ffff:1:2:3')).toBe('2001:db8:9:9::/64');
    expect(addressKey('2001:db8:9:a::1')).toBe('2001:db8:9:a::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keys an IPv4 client, mapped or not, by its address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('passes anything else through', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});

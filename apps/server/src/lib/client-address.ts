import ipaddr from 'ipaddr.js';

/**
 * The key every per-address counter uses for a client (sign-in failures, picture codes, SMS,
 * sign-in by code, registration, uploads, share visits, anonymous lookups). An IPv6 client
 * is counted by its /64: one subscriber (a home, a phone, a cloud machine) is given a whole
 * /64 and can pick any of its 2^64 addresses per request, so counting single IPv6 addresses
 * would give it that many fresh counters (RFC 6177, RFC 8981). An IPv4-mapped IPv6 address
 * (::ffff:203.0.113.7) is the IPv4 client it maps. Anything unparsable is used as it is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

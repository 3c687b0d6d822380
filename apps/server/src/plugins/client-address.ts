import type { FastifyInstance } from 'fastify';
import { addressKey } from '../lib/client-address';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client as every per-address counter keys it: `request.ip` (after TRUST_PROXY), an
     * IPv6 client by its /64, an IPv4-mapped one as IPv4 (lib/client-address.ts). Routes pass
     * this, never `request.ip`, to anything that counts or limits (the lint rule
     * no-raw-client-ip keeps it so).
     */
    readonly clientKey: string;
  }
}

export function registerClientAddress(app: FastifyInstance): void {
  app.decorateRequest('clientKey', {
    getter() {
      return addressKey(this.ip);
    },
  });
}

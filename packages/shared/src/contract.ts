import { cityApi } from './contract/city';
import { endpointKey, type Endpoint } from './contract/endpoint';
import type { AccessPolicy } from './contract/access';

/**
 * The API contract (docs/decisions/027): every endpoint described once, grouped by domain.
 * The server registers its routes from it and the web calls it through lib/api-client's `call`.
 */
export const api = {
  city: cityApi,
};

/** Every endpoint of the contract, in one list (the server's start-up check and the tests). */
export const ENDPOINTS: readonly Endpoint[] = Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);

/** The access policies of the contract, keyed `METHOD /path`. */
export const CONTRACT_POLICIES: Readonly<Record<string, AccessPolicy>> = Object.fromEntries(
  ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint.access]),
);

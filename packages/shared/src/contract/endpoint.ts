import type { z } from 'zod';
import type { AccessPolicy } from './access';

/**
 * One API endpoint, described once (docs/decisions/027): the server registers its route from
 * this (method, path, validation, OpenAPI, access policy) and the web calls it through the one
 * client derived from it, so a changed request or answer is a compile error on both sides.
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  /** OpenAPI grouping and one line on what the call does. */
  tags: readonly string[];
  summary: string;
  /** The JSON body, validated by the server. */
  body?: z.ZodType;
  /** The query string, validated by the server. */
  query?: z.ZodType;
  /** A multipart form (uploads): the server reads the parts itself. */
  multipart?: true;
  /** The envelope's `data` of a success. */
  data: z.ZodType;
  /**
   * The success is a file (the console's Excel exports, docs/decisions/049), not the envelope:
   * `data` is then `z.null()` and stands for nothing; a refusal before the file starts is the
   * envelope as for every call. The server registers it with `fileRouteFrom`, the console
   * downloads it with lib/download-file.
   */
  file?: true;
  access: AccessPolicy;
}

/** Keeps the literal types of an endpoint (its schemas above all) while checking its shape. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Schema<E, K extends 'body' | 'query'> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What the server's handler reads, after validation. */
export type BodyOf<E extends Endpoint> = Schema<E, 'body'> extends z.ZodType ? z.output<Schema<E, 'body'>> : undefined;
export type QueryOf<E extends Endpoint> = Schema<E, 'query'> extends z.ZodType ? z.output<Schema<E, 'query'>> : undefined;
/** The `data` of a success. */
export type DataOf<E extends Endpoint> = z.output<E['data']>;

/** What a caller sends: the schemas' input types; for multipart endpoints its form (FormData on the web). */
export type CallInput<E extends Endpoint, Form = unknown> = (E extends { multipart: true }
  ? { form: Form }
  : Schema<E, 'body'> extends z.ZodType
    ? { body: z.input<Schema<E, 'body'>> }
    : { body?: undefined }) &
  (Schema<E, 'query'> extends z.ZodType ? { query: z.input<Schema<E, 'query'>> } : { query?: undefined });

/** The body and answer of one call of an endpoint whose body decides what it answers. */
export interface VariantSchemas {
  body: z.ZodType;
  data: z.ZodType;
}

/** A variant fits its endpoint: whatever it sends the endpoint takes, whatever it answers the endpoint answers. */
type Fits<E extends Endpoint, V extends VariantSchemas> =
  z.input<V['body']> extends z.input<Schema<E, 'body'>> ? (z.output<V['data']> extends DataOf<E> ? V : never) : never;

/** An endpoint with its variants: each the endpoint (method, path, policy) narrowed to one call's body and data. */
export type WithVariants<E extends Endpoint, V extends Record<string, VariantSchemas>> = E & {
  variants: { [K in keyof V]: Omit<E, 'body' | 'data'> & Pick<V[K], 'body' | 'data'> };
};

/**
 * One path, several calls: the body decides the answer (the share statistics serve /my/share
 * and the statistics page, docs/decisions/012). The server registers the endpoint itself, whose
 * body and data cover every variant; a caller calls a variant, `api.x.y.variants.z`, whose
 * body and data are that call's alone, so it reads the answer without narrowing it by hand.
 * A variant that does not fit its endpoint does not compile.
 */
export function withVariants<const E extends Endpoint, const V extends Record<string, VariantSchemas>>(
  endpoint: E,
  variants: V & { [K in keyof V]: Fits<E, V[K]> },
): WithVariants<E, V> {
  const narrowed = Object.fromEntries(Object.entries(variants).map(([name, { body, data }]) => [name, { ...endpoint, body, data }]));
  return { ...endpoint, variants: narrowed } as WithVariants<E, V>;
}

/** `METHOD /path`, the key of an endpoint's policy. */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>): string => `${endpoint.method} ${endpoint.path}`;

import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { safeEncode, $ZodType } from 'zod/v4/core';

/**
 * Response serialisation through compiled schemas (docs/decisions/032). Each route's zod answer
 * schema (the envelope of its contract endpoint, docs/decisions/027) becomes one JSON schema
 * (`z.toJSONSchema`, output side) and one fast-json-stringify function, built once at start.
 * A request then writes its answer in one pass, instead of re-parsing it with zod and
 * JSON.stringify-ing the copy.
 *
 * Equal JSON to what zod would write, for every answer zod accepts: the same properties (unknown
 * keys left out, optional ones left out when undefined), the same nulls, numbers and strings.
 * responseJsonSchema adapts zod's JSON schema so that it says exactly that to fast-json-stringify
 * (see below); response-serializer.test.ts checks it on generated answers of every endpoint.
 *
 * With `check` (development and tests), every answer is also encoded by zod as before: an answer
 * zod refuses is a 500 as it was, and a compiled answer that differs from zod's is a 500 too,
 * so the whole API suite checks the compiled serialisers on real answers. Production trusts
 * them: the handlers' answers are typed by the contract, and the tests ran both.
 */

type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod's JSON schema of an answer, adapted to fast-json-stringify:
 * - `additionalProperties: false` goes: zod strips unknown keys rather than refusing them, and
 *   fast-json-stringify writes only the declared properties without it; with it, the validator
 *   that picks a union's branch would refuse an object with extra keys that zod accepts.
 * - `propertyNames` goes (a record's keys are strings anyway; nothing to write).
 * - a nullable `anyOf: [X, { type: 'null' }]` becomes X with `type: [X's type, 'null']`, written
 *   without a validator at run time; other unions stay `anyOf`, whose first matching branch
 *   is written, as zod's union keeps its first matching option.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  return adapt(json) as JsonSchema;
}

function adapt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(adapt);
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'propertyNames' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = key === 'enum' || key === 'const' || key === 'required' ? value : adapt(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((b) => isObject(b) && b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && other.type !== undefined && other.anyOf === undefined && other.$ref === undefined) {
      const { anyOf: _union, ...rest } = out;
      const types = Array.isArray(other.type) ? (other.type as string[]) : [other.type as string];
      return { ...rest, ...other, type: [...types.filter((t) => t !== 'null'), 'null'] };
    }
  }
  return out;
}

/** Thrown (a 500) where the compiled answer would differ from zod's: a gap in responseJsonSchema. */
export class ResponseSerializerMismatchError extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url}: the compiled response serializer and zod disagree on an answer`);
    this.name = 'ResponseSerializerMismatchError';
  }
}

/** Thrown (a 500, as fastify-type-provider-zod's serializer did) where zod refuses an answer. */
export class ResponseValidationError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: the answer does not match its response schema`, { cause });
    this.name = 'ResponseValidationError';
  }
}

/** One compiled serialiser of a zod answer schema. */
export function compileResponseSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJsonStringify(responseJsonSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
}

/** Same JSON, field order aside. */
function sameJson(a: string, b: string): boolean {
  if (a === b) return true;
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : isObject(value)
        ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]))
        : value;
  return JSON.stringify(sorted(JSON.parse(a))) === JSON.stringify(sorted(JSON.parse(b)));
}

/**
 * Fastify's serializer compiler for routes whose response schemas are zod schemas (a plain
 * JSON schema, if one ever comes, is compiled as Fastify's default compiler would).
 */
export function createResponseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!(schema instanceof $ZodType)) return fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
    const zodSchema = schema as unknown as z.ZodType;
    const write = compileResponseSerializer(zodSchema);
    return options.check ? checkedSerializer(zodSchema, write, method, url) : write;
  };
}

/** `write`, checked against zod's encode of every answer (development and tests). */
export function checkedSerializer(schema: z.ZodType, write: (data: unknown) => string, method: string, url: string) {
  return (data: unknown): string => {
    const encoded = safeEncode(schema, data);
    if (!encoded.success) throw new ResponseValidationError(method, url, encoded.error);
    const json = write(data);
    if (!sameJson(json, JSON.stringify(encoded.data))) throw new ResponseSerializerMismatchError(method, url);
    return json;
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { ENDPOINTS } from '@baobei/shared/contract';
import { endpointKey } from '@baobei/shared/contract/endpoint';
import { envelopeSchema } from '@baobei/shared/schemas/envelope';
import {
  checkedSerializer,
  compileResponseSerializer,
  createResponseSerializerCompiler,
  ResponseSerializerMismatchError,
  ResponseValidationError,
  responseJsonSchema,
} from './response-serializer';

/**
 * The compiled serialisers write the JSON zod's encode + JSON.stringify wrote (docs/decisions/032),
 * for answers of every endpoint of the contract generated from its own schema: every kind of
 * value the schema allows, optional keys absent or undefined, unknown keys that must not be
 * written, strings that need escaping (quotes, control characters, U+2028, lone surrogates).
 */

/** A value no answer declares: whatever a row or a spread may carry along. */
const stray = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.constant(null),
  fc.constant({ secret: 'x' }),
  fc.constant(new Date(0)),
  fc.constant([1, 'two']),
);

const awkwardStrings = fc.constantFrom('', '"', '\\', '\n\t\r\b\f', '\u0000\u001f', '\u2028\u2029', '\ud800', 'a\udc00b', 'é漢字😀', '</script>', ' ');
const anyString = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ maxLength: 20 }), awkwardStrings);
const anyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 1e-7, 2 ** 53 + 2, -1.5, Number.MAX_VALUE, Number.MIN_VALUE),
);

const wire = (json: string): unknown => JSON.parse(Buffer.from(json, 'utf8').toString('utf8'));

type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/** An arbitrary of the values `schema` accepts as an answer (its output side). */
function answerOf(schema: z.core.$ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as Def;
  const inner = (s: unknown) => answerOf(s as z.core.$ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return anyString;
    case 'number':
      return anyNumber;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'optional':
      return fc.oneof(fc.constant(undefined), inner(def.innerType));
    case 'array':
      // Three levels of the recursive city tree; then empty lists.
      return depth > 12 ? fc.constant([]) : fc.array(inner(def.element), { maxLength: 3 });
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'record':
      return fc.dictionary(anyString, inner(def.valueType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const requiredKeys = Object.keys(shape).filter((k) => shape[k]!._zod.def.type !== 'optional');
      const declared = fc.record(
        Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, inner(s)])),
        { requiredKeys },
      );
      const extra = fc.dictionary(fc.constantFrom('extra', 'passwordHash', 'companyId', 'constructor'), stray, { maxKeys: 2 });
      return fc.tuple(declared, extra).map(([own, more]) => ({ ...more, ...own }));
    }
    default:
      throw new Error(`response-serializer.test: no generator for zod ${def.type}; add one (and check the JSON schema adapts it)`);
  }
}

describe('compiled response serialisers', () => {
  it.each(ENDPOINTS.map((e) => [endpointKey(e), e] as const))('%s writes the JSON zod writes', (_key, endpoint) => {
    const schema = envelopeSchema(endpoint.data);
    const write = compileResponseSerializer(schema);
    fc.assert(
      fc.property(answerOf(schema), (answer) => {
        const encoded = safeEncode(schema, answer as z.output<typeof schema>);
        // The generator makes valid answers only: anything else tests nothing.
        expect(encoded.success, encoded.error?.message).toBe(true);
        // As a client reads it: the UTF-8 bytes on the wire, parsed (field order aside).
        expect(wire(write(answer))).toStrictEqual(wire(JSON.stringify(encoded.data)));
      }),
      { numRuns: 60, seed: 32 },
    );
  });

  it('adapts nullable unions into type lists and drops what only refuses', () => {
    const schema = z.object({ a: z.object({ b: z.string() }).nullable(), c: z.record(z.string(), z.number()), d: z.union([z.string(), z.number()]).nullable() });
    expect(responseJsonSchema(schema)).toStrictEqual({
      type: 'object',
      properties: {
        a: { type: ['object', 'null'], properties: { b: { type: 'string' } }, required: ['b'] },
        c: { type: 'object', additionalProperties: { type: 'number' } },
        d: { type: ['string', 'number', 'null'] },
      },
      required: ['a', 'c', 'd'],
    });
  });

  it('keeps the first matching branch of a union, as zod does', () => {
    const schema = z.object({ data: z.union([z.object({ list: z.array(z.number()) }), z.object({ total: z.number() })]) });
    const write = compileResponseSerializer(schema);
    expect(write({ data: { total: 3, list: [1] } })).toBe('{"data":{"list":[1]}}');
    expect(write({ data: { total: 3 } })).toBe('{"data":{"total":3}}');
  });

  describe('with the zod check (development and tests)', () => {
    const compile = createResponseSerializerCompiler({ check: true });
    const schema = envelopeSchema(z.object({ uid: z.number() }));
    const write = compile({ schema, method: 'POST', url: '/api/x', httpStatus: '200' });

    it('answers the compiled JSON', () => {
      expect(write({ code: 200, type: 200, msg: '', message: '', data: { uid: 1, passwordHash: 'h' } })).toBe(
        '{"code":200,"type":200,"msg":"","message":"","data":{"uid":1}}',
      );
    });

    it('refuses an answer zod refuses, as before (a 500)', () => {
      expect(() => write({ code: 200, type: 200, msg: '', message: '', data: { uid: '1' } })).toThrow(ResponseValidationError);
    });

    it('refuses an answer the compiled serialiser would write otherwise than zod', () => {
      // A serialiser that drops a field zod keeps stands for a gap in responseJsonSchema.
      const strict = z.object({ a: z.string(), b: z.string().optional() });
      const gap = checkedSerializer(strict, compileResponseSerializer(z.object({ a: z.string() })), 'GET', '/api/y');
      expect(gap({ a: 'x' })).toBe('{"a":"x"}');
      expect(() => gap({ a: 'x', b: 'y' })).toThrow(ResponseSerializerMismatchError);
    });
  });

  it('without the check (production) writes the same JSON', () => {
    const compile = createResponseSerializerCompiler({ check: false });
    const schema = envelopeSchema(z.object({ uid: z.number(), name: z.string().nullable(), tag: z.string().optional() }));
    const write = compile({ schema, method: 'POST', url: '/api/x', httpStatus: '200' });
    const answer = { code: 200, type: 200, msg: '成功', message: '成功', msgTitle: undefined, data: { uid: 1, name: null, tag: undefined, extra: 1 } };
    expect(write(answer)).toBe(JSON.stringify(safeEncode(schema, answer).data));
  });
});

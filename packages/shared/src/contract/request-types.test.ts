import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { api } from '../contract';
import type { RECORD_STATUSES } from '../rules/record-status';
import type { pageQuerySchema } from '../schemas/envelope';
import { dbId, type choice, type minuteText, type NumberInput, type text } from '../schemas/fields';
import { defineEndpoint, withVariants, type CallInput, type DataOf, type Endpoint } from './endpoint';

/**
 * The contract types what a caller sends (docs/decisions/027): every request schema's input
 * is a real type, never `unknown`, so a wrong field name or type in a call does not compile.
 * Checked by `npm run typecheck` (tsc reads this file); vitest runs the assertions too.
 */

/** `true` where a type is, or holds anywhere inside it, `unknown` or `any`. */
type HoldsUnknown<T> = unknown extends T
  ? true
  : T extends readonly (infer Item)[]
    ? HoldsUnknown<Item>
    : T extends object
      ? true extends { [K in keyof T]-?: HoldsUnknown<T[K]> }[keyof T]
        ? true
        : false
      : false;

type Part<I, K extends string> = K extends keyof I ? I[K] : undefined;
type Untyped<E extends Endpoint> = HoldsUnknown<Part<CallInput<E>, 'body'>> extends true ? true : HoldsUnknown<Part<CallInput<E>, 'query'>>;

type Api = typeof api;
type Variants<E> = E extends { variants: infer V } ? V[keyof V] : never;
type UntypedVariant<E, Name extends string> = [Variants<E>] extends [never]
  ? never
  : Variants<E> extends infer V extends Endpoint
    ? true extends Untyped<V>
      ? `${Name}.variants`
      : never
    : never;
/** `domain.name` of every endpoint (and variant) whose body or query is not fully typed. */
type UntypedEndpoints = {
  [D in keyof Api]: {
    [N in keyof Api[D]]: Api[D][N] extends Endpoint
      ? (true extends Untyped<Api[D][N]> ? `${D & string}.${N & string}` : never) | UntypedVariant<Api[D][N], `${D & string}.${N & string}`>
      : never;
  }[keyof Api[D]];
}[keyof Api];

describe('request types of the contract', () => {
  it('types the body and query of every endpoint (none is unknown)', () => {
    expectTypeOf<UntypedEndpoints>().toEqualTypeOf<never>();
  });

  it('gives each field helper the input a caller sends', () => {
    expectTypeOf<z.input<ReturnType<typeof text>>>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<z.input<ReturnType<typeof minuteText>>>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<z.input<ReturnType<typeof dbId>>>().toEqualTypeOf<NumberInput>();
    expectTypeOf<NumberInput>().toEqualTypeOf<number | string>();
    expectTypeOf<z.input<ReturnType<typeof choice<readonly ['A', 'B']>>>>().toEqualTypeOf<'A' | 'B' | '' | null | undefined>();
    expectTypeOf<z.input<typeof pageQuerySchema>>().toEqualTypeOf<{ page?: NumberInput | undefined; pageSize?: NumberInput | undefined }>();
    expectTypeOf<CallInput<typeof api.house.getHouseList>['query']>().toEqualTypeOf<{
      page?: NumberInput | undefined;
      pageSize?: NumberInput | undefined;
      cursor?: string | null | undefined;
    }>();
  });

  it('makes a request body a real object type', () => {
    expectTypeOf<CallInput<typeof api.record.getRecordData>['body']>().toEqualTypeOf<{ id: NumberInput }>();
    expectTypeOf<CallInput<typeof api.user.addGbook>['body']>().toEqualTypeOf<{ content: string | null | undefined }>();
    expectTypeOf<CallInput<typeof api.record.getRecordList>['body']>().toHaveProperty('approvalStatus').toEqualTypeOf<
      '' | (typeof RECORD_STATUSES)[number] | null | undefined
    >();
  });

  it('answers each share-statistics variant with its own data, within the endpoint’s', () => {
    type Own = typeof api.share.userShareStatistics.variants.mine;
    type Scope = typeof api.share.userShareStatistics.variants.scope;
    expectTypeOf<DataOf<Own>>().toHaveProperty('total').toEqualTypeOf<number | null>();
    expectTypeOf<DataOf<Own>>().toHaveProperty('nextCursor').toEqualTypeOf<string | null>();
    expectTypeOf<DataOf<Own>>().not.toHaveProperty('dateType');
    expectTypeOf<DataOf<Scope>>().toHaveProperty('dateType').toEqualTypeOf<number>();
    expectTypeOf<DataOf<Own> | DataOf<Scope>>().toEqualTypeOf<DataOf<typeof api.share.userShareStatistics>>();
    expectTypeOf<CallInput<Scope>['body']>().toEqualTypeOf<{ dateType: NumberInput }>();
    type Visits = typeof api.share.userShareHouseStatistics.variants.mine;
    expectTypeOf<CallInput<Visits>['body']>().toEqualTypeOf<{ houseId: NumberInput }>();
    expectTypeOf<DataOf<Visits>['list'][number]>().toHaveProperty('visitorName').toEqualTypeOf<string>();
  });

  it('refuses a variant that does not fit its endpoint', () => {
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/api/x',
      tags: [],
      summary: '',
      body: z.object({ id: dbId('x').optional() }),
      data: z.object({ n: z.number() }),
      access: { auth: 'required' },
    });
    const fits = () => withVariants(endpoint, { one: { body: z.object({ id: dbId('x') }), data: z.object({ n: z.number() }) } });
    // @ts-expect-error: the endpoint never answers a string
    const answersOther = () => withVariants(endpoint, { one: { body: z.object({}), data: z.string() } });
    // @ts-expect-error: the endpoint's `id` is a number
    const sendsOther = () => withVariants(endpoint, { one: { body: z.object({ id: z.boolean() }), data: endpoint.data } });
    expectTypeOf(fits).returns.toHaveProperty('variants').toHaveProperty('one');
    expectTypeOf(answersOther).toBeFunction();
    expectTypeOf(sendsOther).toBeFunction();
  });
});

import { api } from '@baobei/shared/contract';
import { describe, expectTypeOf, it } from 'vitest';
import type { call as callFunction } from './api-client';

/**
 * A web call's request is typed by the contract (docs/decisions/027): a wrong field name or
 * type in a body or query does not compile. `npm run typecheck` checks this file (each
 * `@ts-expect-error` fails the typecheck if its line compiles); the calls are never made.
 */
declare const call: typeof callFunction;

describe('call: the contract types the request', () => {
  it('compiles a call as the contract describes it', () => {
    const calls = () => [
      call(api.record.getRecordData, { body: { id: 1 } }),
      call(api.user.addGbook, { body: { content: '好' } }),
      call(api.record.getRecordList, { body: { keyword: '', approvalStatus: 'VISIT', searchDate: [] }, query: { page: 1, pageSize: 8 } }),
      call(api.share.userShareStatistics.variants.scope, { body: { dateType: 3 }, query: {} }),
    ];
    expectTypeOf(calls).returns.items.resolves.not.toBeUnknown();
  });

  it('refuses a wrong field name or type in a body or query', () => {
    const calls = () => [
      // @ts-expect-error: the field is `id`
      call(api.record.getRecordData, { body: { recordId: 1 } }),
      // @ts-expect-error: an id is a number (or a string writing one), not a boolean
      call(api.record.getRecordData, { body: { id: true } }),
      // @ts-expect-error: a text field is a string
      call(api.user.addGbook, { body: { content: 42 } }),
      // @ts-expect-error: the status is one of the report statuses
      call(api.record.getRecordList, { body: { keyword: '', approvalStatus: 'DONE', searchDate: [] }, query: {} }),
      // @ts-expect-error: the query has no `size`
      call(api.house.favoriteHouseList, { query: { size: 8 } }),
      // @ts-expect-error: the statistics variant needs `dateType`
      call(api.share.userShareStatistics.variants.scope, { body: {}, query: {} }),
      // @ts-expect-error: /my/share's variant sends no `dateType`
      call(api.share.userShareStatistics.variants.mine, { body: { dateType: 3 }, query: {} }),
    ];
    expectTypeOf(calls).toBeFunction();
  });

  it('answers the variant’s own data, with nothing to narrow', () => {
    const mine = () => call(api.share.userShareStatistics.variants.mine, { body: {}, query: {} });
    expectTypeOf(mine).returns.resolves.toHaveProperty('list').items.toHaveProperty('lastVisitAt').toEqualTypeOf<string>();
    const scope = () => call(api.share.userShareHouseStatistics.variants.scope, { body: { dateType: 3 }, query: {} });
    expectTypeOf(scope).returns.resolves.toHaveProperty('list').items.toHaveProperty('sharerCount').toEqualTypeOf<number>();
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { CURSOR_FIELD, cursors, defineCursor, keysetPageQuerySchema } from './cursor';

const refused = messages.input.invalid(CURSOR_FIELD);
const time = '2026-11-24T08:12:14.123456Z';

/** base64url of any ASCII text by the platform's own btoa, the way a client forging a cursor would write one. */
const b64 = (text: string) =>
  (globalThis as unknown as { btoa(text: string): string }).btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('cursors', () => {
  it('round-trip their values, as opaque base64url text', () => {
    const text = cursors.record.encode([time, 42]);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursors.record.decode(text)).toEqual([time, 42]);
    expect(cursors.house.decode(cursors.house.encode([-5, 7]))).toEqual([-5, 7]);
    expect(cursors.external.decode(cursors.external.encode([null, 3]))).toEqual([null, 3]);
    // Every length of the JSON, so each base64 tail (none, 2 and 3 characters) is read back.
    for (const id of [1, 12, 123, 1234]) expect(cursors.favorite.decode(cursors.favorite.encode([time, id]))).toEqual([time, id]);
  });

  it('write the same base64url as the platform does', () => {
    const text = cursors.record.encode([time, 42]);
    expect(text).toBe(b64(JSON.stringify(['record', time, 42])));
  });

  it('refuse what is not a cursor of their list', () => {
    const record = cursors.record;
    const garbled = [
      '',
      'not base64!',
      'A',
      b64('not json'),
      b64('{}'),
      b64(JSON.stringify(['record', time])),
      b64(JSON.stringify(['record', time, 42, 1])),
      b64(JSON.stringify(['house', time, 42])),
      cursors.house.encode([1, 2]),
      b64(JSON.stringify(['record', '2026-11-24 08:12:14', 42])),
      b64(JSON.stringify(['record', '2026-02-30T08:12:14.123456Z', 42])),
      b64(JSON.stringify(['record', '2026-11-24T24:00:00.000000Z', 42])),
      b64(JSON.stringify(['record', time, 0])),
      b64(JSON.stringify(['record', time, 1.5])),
      b64(JSON.stringify(['record', time, '42'])),
      b64(JSON.stringify(['record', time, 2 ** 31])),
      b64(JSON.stringify(['record', null, 42])),
    ];
    for (const text of garbled) expect(record.decode(text), text).toBeNull();
    // Another spelling of a valid cursor (trailing bits set) is not one.
    const valid = record.encode([time, 42]);
    const last = valid.at(-1)!;
    const sibling = valid.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) + 1);
    expect(record.decode(sibling)).toBeNull();
  });

  it('have one tag each', () => {
    const tags = Object.values(cursors).map((c) => c.tag);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('check each kind of value', () => {
    const c = defineCursor('t', ['time?', 'int', 'id']);
    expect(c.decode(c.encode([null, -2_147_483_648, 2_147_483_647]))).toEqual([null, -2_147_483_648, 2_147_483_647]);
    expect(c.decode(b64(JSON.stringify(['t', null, -2_147_483_649, 1])))).toBeNull();
  });
});

describe('the cursor query field', () => {
  const schema = keysetPageQuerySchema(cursors.record);

  it('is optional: absent, null or empty pages by number', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 8 });
    expect(schema.parse({ page: '3', cursor: '' })).toEqual({ page: 3, pageSize: 8, cursor: undefined });
    expect(schema.parse({ cursor: null }).cursor).toBeUndefined();
  });

  it('decodes a cursor of its list', () => {
    expect(schema.parse({ page: '2', pageSize: '8', cursor: cursors.record.encode([time, 9]) }).cursor).toEqual([time, 9]);
  });

  it('refuses anything else with the field’s message', () => {
    for (const cursor of ['%%%', cursors.house.encode([1, 2]), 'x'.repeat(201), 12]) {
      const result = schema.safeParse({ cursor });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(refused);
    }
  });
});

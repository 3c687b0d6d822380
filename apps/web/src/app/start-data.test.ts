import { describe, expect, it } from 'vitest';
import { parseStartData } from './start-data';

const company = { companyId: 3, title: '海口</script>', color: '#1677ff' };
const init = { token: null, userInfo: null, kefPhone: '400', cityList: [] };

describe('parseStartData', () => {
  it('reads the company and the init data the server wrote, escapes undone', () => {
    // As the server writes it: `<` and `>` as \u escapes.
    const text = JSON.stringify({ company, init }).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
    expect(text).not.toContain('</script>');
    expect(parseStartData(text)).toEqual({ company, init });
  });

  it('keeps what is there and leaves out what is missing or malformed', () => {
    expect(parseStartData(JSON.stringify({ init }))).toEqual({ init });
    expect(parseStartData(JSON.stringify({ company: { title: 'no id' }, init: 'x' }))).toEqual({});
  });

  it("reads home's index data only when it names its city", () => {
    const index = { city: { text: '海口', value: 2, pid: 1 }, banners: [], navs: [], columns: [] };
    expect(parseStartData(JSON.stringify({ company, index }))).toEqual({ company, index });
    for (const bad of [{ ...index, city: null }, { ...index, city: { text: '海口' } }, { ...index, banners: 'x' }, []]) {
      expect(parseStartData(JSON.stringify({ company, index: bad }))).toEqual({ company });
    }
  });

  it('is empty for no script, an empty one, or text that is not a JSON object', () => {
    for (const text of [null, undefined, '', '{', '[]', '"company"', 'null']) expect(parseStartData(text), String(text)).toEqual({});
  });
});

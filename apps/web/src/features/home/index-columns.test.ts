import { describe, expect, it } from 'vitest';
import { columnMedia, columnMorePath, isIndexEmpty, navPath, visibleColumns } from './index-columns';

const column = (type: number, count: number) => ({
  id: type,
  type,
  title: `c${type}`,
  description: '',
  moreLink: '',
  list: Array.from({ length: count }, (_, i) => ({
    id: i,
    name: `h${i}`,
    logo: '',
    tags: [],
    showPrice: { price: '100', unit: '万/套' },
    buildingVideo: '',
    buildingVr: '',
  })),
});

describe('home columns', () => {
  it('marks video and VR columns, not project or featured ones', () => {
    expect(columnMedia(2)).toBe('video');
    expect(columnMedia(4)).toBe('vr');
    expect(columnMedia(1)).toBeNull();
    expect(columnMedia(3)).toBeNull();
  });

  it("opens a column's own in-app link as more, else the whole list", () => {
    expect(columnMorePath({ moreLink: '/house/list?feature=2' })).toBe('/house/list?feature=2');
    expect(columnMorePath({ moreLink: '' })).toBe('/house/list');
    expect(columnMorePath({ moreLink: 'https://elsewhere.example' })).toBe('/house/list');
  });

  it('opens the list by feature from the navigation grid', () => {
    expect(navPath(7)).toBe('/house/list?feature=7');
    expect(navPath(null)).toBe('/house/list');
  });

  it('hides empty columns and knows when a city has nothing', () => {
    expect(visibleColumns([column(1, 3), column(4, 0)]).map((c) => c.type)).toEqual([1]);
    expect(isIndexEmpty({ banners: [], navs: [], columns: [column(2, 0)] })).toBe(true);
    expect(isIndexEmpty({ banners: [], navs: [], columns: [column(2, 1)] })).toBe(false);
  });
});

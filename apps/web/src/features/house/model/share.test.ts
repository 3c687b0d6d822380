import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildShareLink, defaultShareDesc, openidFromSearch, urlWithoutHash } from './share';

describe('buildShareLink', () => {
  it('appends the signed-in user id to the detail path', () => {
    expect(buildShareLink({ origin: 'https://a.example/', houseId: 12, uid: 3 })).toBe('https://a.example/house/detail/12/3');
  });

  it('keeps the original sharer for a visitor of a shared page, else the plain path', () => {
    expect(buildShareLink({ origin: 'https://a.example', houseId: 12, uid: null, shareId: '7' })).toBe(
      'https://a.example/house/detail/12/7',
    );
    expect(buildShareLink({ origin: 'https://a.example', houseId: 12 })).toBe('https://a.example/house/detail/12');
  });

  it('prefers the signed-in user over the page sharer', () => {
    expect(buildShareLink({ origin: 'http://x', houseId: 1, uid: 5, shareId: 7 })).toBe('http://x/house/detail/1/5');
  });
});

describe('defaultShareDesc', () => {
  it('reads 总价 for a package price and 均价 for a price per ㎡, then the address', () => {
    expect(defaultShareDesc({ showPrice: { price: '120', unit: '万/套' }, buildingAddress: '海口市美兰区' })).toBe(
      '总价120万/套 海口市美兰区',
    );
    expect(defaultShareDesc({ showPrice: { price: '18000', unit: '元/㎡' }, buildingAddress: '海口市' })).toBe(
      '均价18000元/㎡ 海口市',
    );
    expect(defaultShareDesc({ showPrice: { price: '暂无', unit: '' }, buildingAddress: '' })).toBe('价格待定');
  });
});

describe('urls', () => {
  it('drops the hash for the JS-SDK signature', () => {
    expect(urlWithoutHash('https://a.example/house/detail/1?x=1#top')).toBe('https://a.example/house/detail/1?x=1');
    expect(urlWithoutHash('https://a.example/p')).toBe('https://a.example/p');
  });

  it('makes picture URLs absolute for the share card', () => {
    expect(absoluteUrl('https://a.example', '/assets/demo/house-01.svg')).toBe('https://a.example/assets/demo/house-01.svg');
    expect(absoluteUrl('https://a.example', 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(absoluteUrl('https://a.example', '')).toBe('');
  });

  it('reads the openid appended by the OAuth callback', () => {
    expect(openidFromSearch('?openid=o123&x=1')).toBe('o123');
    expect(openidFromSearch('')).toBe('');
  });
});

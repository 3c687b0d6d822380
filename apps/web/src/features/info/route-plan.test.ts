import { describe, expect, it } from 'vitest';
import { amapNavigationUri, parsePoint, parseTravelMode } from './route-plan';

describe('route planning', () => {
  it('reads a point as lng,lat and refuses anything else', () => {
    expect(parsePoint('110.3312,20.0311')).toEqual({ lng: 110.3312, lat: 20.0311 });
    expect(parsePoint(' 110.3 , 20.0 ')).toEqual({ lng: 110.3, lat: 20 });
    for (const raw of [null, '', '110.3', '110.3,', 'a,b', '200,20', '110,95', '1,2,3']) expect(parsePoint(raw)).toBeNull();
  });

  it('builds the AMap navigation URI with the encoded name', () => {
    expect(amapNavigationUri({ lng: 110.3312, lat: 20.0311 }, '海口湾一号')).toBe(
      `https://uri.amap.com/navigation?to=110.3312,20.0311,${encodeURIComponent('海口湾一号')}&mode=car&callnative=1`,
    );
    expect(amapNavigationUri({ lng: 1, lat: 2 }, 'A,B&C', 'walk')).toBe(
      `https://uri.amap.com/navigation?to=1,2,${encodeURIComponent('A B&C')}&mode=walk&callnative=1`,
    );
    expect(amapNavigationUri({ lng: 1, lat: 2 }, '')).toBe('https://uri.amap.com/navigation?to=1,2&mode=car&callnative=1');
  });

  it('reads the travel mode, driving by default', () => {
    expect(parseTravelMode('bus')).toBe('bus');
    expect(parseTravelMode('amap')).toBe('car');
    expect(parseTravelMode(null)).toBe('car');
  });
});

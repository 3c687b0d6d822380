import { describe, expect, it } from 'vitest';
import { bd09ToGcj02, gcj02ToBd09 } from './map-coordinates';

describe('bd09ToGcj02', () => {
  it('moves a Baidu point in Haikou back by about (0.0065, 0.006)', () => {
    const gcj = bd09ToGcj02({ lng: 110.3377, lat: 20.0502 });
    expect(gcj.lng).toBeCloseTo(110.3312, 3);
    expect(gcj.lat).toBeCloseTo(20.0442, 3);
  });
});

describe('gcj02ToBd09', () => {
  it('moves an AMap point in Haikou forward by about (0.0065, 0.006), rounded to 6 decimals', () => {
    const bd = gcj02ToBd09({ lng: 110.3312, lat: 20.0442 });
    expect(bd.lng).toBeCloseTo(110.3377, 3);
    expect(bd.lat).toBeCloseTo(20.0502, 3);
    expect(Number(bd.lng.toFixed(6))).toBe(bd.lng);
    expect(Number(bd.lat.toFixed(6))).toBe(bd.lat);
  });

  it('undoes bd09ToGcj02 within the 6 decimals kept', () => {
    const start = { lng: 110.198765, lat: 20.043211 };
    const back = gcj02ToBd09(bd09ToGcj02(start));
    expect(Math.abs(back.lng - start.lng)).toBeLessThan(2e-5);
    expect(Math.abs(back.lat - start.lat)).toBeLessThan(2e-5);
  });
});

import { describe, expect, it } from 'vitest';
import { listingPoint, navigationPath } from './location';

describe('listingPoint', () => {
  it('is null without both coordinates', () => {
    expect(listingPoint({ longitude: null, latitude: 20 })).toBeNull();
    expect(listingPoint({ longitude: 110, latitude: null })).toBeNull();
    expect(listingPoint({ longitude: 110.3377, latitude: 20.0502 })).not.toBeNull();
  });
});

describe('navigationPath', () => {
  it('opens car route planning to the GCJ-02 point with the listing name', () => {
    expect(navigationPath({ lng: 110.3312, lat: 20.0442 }, '海口湾一号')).toBe(
      '/house/navigation?type=car&point=110.3312%2C20.0442&title=%E6%B5%B7%E5%8F%A3%E6%B9%BE%E4%B8%80%E5%8F%B7',
    );
  });
});

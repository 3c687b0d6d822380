import { describe, expect, it } from 'vitest';
import { albumIndexAt, buildGallery, mediaKind, orderAlbums, videoPoster } from './gallery';

const pic = (url: string, picTypeCn = '', desc = '') => ({ picUrl: url, picTypeCn, desc });

const details = { picType: 'DETAIL', name: '楼盘详情', typeIndex: 99, list: [pic('/e1.svg', '效果图', '鸟瞰'), pic('/r1.svg', '实景图')] };
const threeRooms = { picType: 'UNIT', name: '三室两厅', typeIndex: 2, list: [pic('/u3.svg', '户型图')] };
const twoRooms = { picType: 'UNIT', name: '两室两厅', typeIndex: 1, list: [pic('/u2.svg', '户型图'), pic('/u2b.svg')] };
const emptyUnit = { picType: 'UNIT', name: '一室', typeIndex: 0, list: [] };

describe('orderAlbums', () => {
  it('puts unit types first by typeIndex and the details album last, dropping empty albums', () => {
    const ordered = orderAlbums([details, threeRooms, emptyUnit, twoRooms]);
    expect(ordered.map((a) => a.name)).toEqual(['两室两厅', '三室两厅', '楼盘详情']);
  });

  it('recognises the details album by name even with another picType', () => {
    const named = { ...details, picType: 'OTHER', typeIndex: -1 };
    expect(orderAlbums([named, twoRooms]).map((a) => a.name)).toEqual(['两室两厅', '楼盘详情']);
  });
});

describe('buildGallery', () => {
  it('flattens the albums into slides and records where each album starts', () => {
    const gallery = buildGallery([details, twoRooms], '/cover.svg');
    expect(gallery.albums).toEqual([
      { name: '两室两厅', start: 0, count: 2 },
      { name: '楼盘详情', start: 2, count: 2 },
    ]);
    expect(gallery.slides.map((s) => s.url)).toEqual(['/u2.svg', '/u2b.svg', '/e1.svg', '/r1.svg']);
    expect(gallery.slides[2]?.caption).toBe('效果图 · 鸟瞰');
    expect(albumIndexAt(gallery, 3)).toBe(1);
    expect(albumIndexAt(gallery, 1)).toBe(0);
  });

  it('falls back to the cover when there are no pictures', () => {
    const gallery = buildGallery([emptyUnit], '/cover.svg');
    expect(gallery.slides).toEqual([{ url: '/cover.svg', caption: '', albumIndex: 0 }]);
    expect(gallery.albums).toEqual([{ name: '楼盘详情', start: 0, count: 1 }]);
    expect(buildGallery([], '').slides).toEqual([]);
  });
});

describe('mediaKind', () => {
  it('shows pictures as pictures, videos as videos, anything else as a page', () => {
    expect(mediaKind('/assets/demo/video-demo.svg')).toBe('image');
    expect(mediaKind('/assets/demo/vr-panorama-01.svg?v=2')).toBe('image');
    expect(mediaKind('https://cdn.example.com/a.MP4')).toBe('video');
    expect(mediaKind('https://vr.example.com/tour/123')).toBe('page');
  });
});

describe('videoPoster', () => {
  it('uses the first-frame JPEG shipped next to a demo clip, else the cover', () => {
    expect(videoPoster('/assets/demo/video-demo.mp4', '/c.jpg')).toBe('/assets/demo/video-demo.jpg');
    expect(videoPoster('/assets/demo/video-demo.mp4?v=2', '/c.jpg')).toBe('/assets/demo/video-demo.jpg');
    expect(videoPoster('https://cdn.example.com/a.mp4', '/c.jpg')).toBe('/c.jpg');
    expect(videoPoster('/uploads/a.webm', '/c.jpg')).toBe('/c.jpg');
  });
});

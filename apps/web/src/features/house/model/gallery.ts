import type { HouseDetail } from '@baobei/shared/schemas/house';

type Album = HouseDetail['albums'][number];

/** One picture of the top gallery. */
export interface GallerySlide {
  url: string;
  /** The picture's caption: its kind (户型图, 效果图…) and description. */
  caption: string;
  albumIndex: number;
}

/** An album tab of the switcher: where its pictures start in the flat slide list. */
export interface GalleryAlbum {
  name: string;
  start: number;
  count: number;
}

export interface Gallery {
  slides: GallerySlide[];
  albums: GalleryAlbum[];
}

/** The album the server names 楼盘详情: every picture that is not a unit type's. */
const DETAIL_ALBUM_NAME = '楼盘详情';
const DETAIL_PIC_TYPES = new Set(['DETAIL', 'DETAILS']);

export function isDetailAlbum(album: Pick<Album, 'name' | 'picType'>): boolean {
  return album.name === DETAIL_ALBUM_NAME || DETAIL_PIC_TYPES.has(album.picType.toUpperCase());
}

/**
 * Part 1, section 2: "unit types grouped first, other pictures under 'details'". The server
 * already sends them so; the client keeps the rule whatever the order it receives: unit-type
 * albums by typeIndex (stable), then the details album(s); empty albums are left out.
 */
export function orderAlbums(albums: readonly Album[]): Album[] {
  const withPictures = albums.map((album, at) => ({ album, at })).filter(({ album }) => album.list.length > 0);
  const units = withPictures
    .filter(({ album }) => !isDetailAlbum(album))
    .sort((a, b) => a.album.typeIndex - b.album.typeIndex || a.at - b.at);
  const details = withPictures.filter(({ album }) => isDetailAlbum(album));
  return [...units, ...details].map(({ album }) => album);
}

function captionOf(picture: Album['list'][number]): string {
  return [picture.picTypeCn, picture.desc].filter(Boolean).join(' · ');
}

/**
 * The flat slide list of the swiper and the album switcher over it. A listing with no album
 * pictures still shows its cover (buildingDiagram) as one detail picture.
 */
export function buildGallery(albums: readonly Album[], cover: string): Gallery {
  const slides: GallerySlide[] = [];
  const tabs: GalleryAlbum[] = [];
  for (const album of orderAlbums(albums)) {
    const albumIndex = tabs.length;
    tabs.push({ name: album.name, start: slides.length, count: album.list.length });
    for (const picture of album.list) slides.push({ url: picture.picUrl, caption: captionOf(picture), albumIndex });
  }
  if (slides.length === 0 && cover) {
    tabs.push({ name: DETAIL_ALBUM_NAME, start: 0, count: 1 });
    slides.push({ url: cover, caption: '', albumIndex: 0 });
  }
  return { slides, albums: tabs };
}

/** The album a slide belongs to (the switcher follows the swiper). */
export function albumIndexAt(gallery: Gallery, slideIndex: number): number {
  return gallery.slides[slideIndex]?.albumIndex ?? 0;
}

/**
 * What a media URL can be shown as. The demo's video and VR are SVG pictures, so a picture
 * URL is shown as a picture (a poster, a panorama) and never handed to <video> or an iframe.
 */
export type MediaKind = 'image' | 'video' | 'page';

const IMAGE_EXT = /\.(svg|png|jpe?g|gif|webp|bmp|avif)$/i;
const VIDEO_EXT = /\.(mp4|m4v|webm|ogv|mov|m3u8)$/i;

export function mediaKind(url: string): MediaKind {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (IMAGE_EXT.test(path) || url.startsWith('data:image/')) return 'image';
  if (VIDEO_EXT.test(path)) return 'video';
  return 'page';
}

/**
 * The poster of the listing video: the demo's clips ship a first-frame JPEG next to them
 * (`/assets/demo/name.mp4` → `name.jpg`); any other video shows the listing's cover.
 */
export function videoPoster(videoUrl: string, cover: string): string {
  const path = videoUrl.split(/[?#]/, 1)[0] ?? '';
  return path.startsWith('/assets/demo/') && /\.mp4$/i.test(path) ? path.replace(/\.mp4$/i, '.jpg') : cover;
}

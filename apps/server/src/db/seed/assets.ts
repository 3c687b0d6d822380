/**
 * URLs of the demo pictures in apps/server/assets/demo/ (served at /assets/demo/), written
 * by scripts/generate-demo-images.mjs. No external URL appears anywhere in the demo data.
 */
export const DEMO_ASSET_PREFIX = '/assets/demo/';

export const demoAsset = (file: string): string => `${DEMO_ASSET_PREFIX}${file}`;
const pad = (n: number): string => String(n).padStart(2, '0');
const numbered = (stem: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => demoAsset(`${stem}-${pad(i + 1)}.svg`));

/** Building renders (4:3), used as cover (buildingDiagram) and 效果图. */
export const HOUSE_PICTURES = numbered('house', 12);
export const REAL_PICTURES = numbered('real', 4);
export const SAMPLE_PICTURES = numbered('sample', 4);
export const AROUND_PICTURES = numbered('around', 4);
export const PLAN_PICTURES = numbered('plan', 2);
/** Unit plans (1:1), from one room (index 0) to five rooms (index 5). */
export const UNIT_PLANS = numbered('unit', 6);

/** A real 5 s H.264 clip and its first-frame poster (scripts/generate-demo-media.mjs). */
export const VIDEO_DEMO = demoAsset('video-demo.mp4');
export const VIDEO_DEMO_POSTER = demoAsset('video-demo.jpg');
/** Real equirectangular (2:1) panoramas for the 360° viewer (scripts/generate-demo-media.mjs). */
export const VR_PANORAMAS = [demoAsset('vr-panorama-01.jpg'), demoAsset('vr-panorama-02.jpg')];

export const AVATAR = {
  male: demoAsset('avatar-male.svg'),
  female: demoAsset('avatar-female.svg'),
  unknown: demoAsset('avatar-default.svg'),
} as const;

export const BUSINESS_LICENCE = demoAsset('licence.svg');
export const ID_CARD_FRONT = demoAsset('idcard-front.svg');
export const ID_CARD_BACK = demoAsset('idcard-back.svg');
export const RECORD_QRCODE = demoAsset('record-qrcode.svg');
export const VISIT_PHOTO = demoAsset('visit-photo.svg');

export const NAV_ICONS = {
  hot: demoAsset('nav-hot.svg'),
  metro: demoAsset('nav-metro.svg'),
  school: demoAsset('nav-school.svg'),
  sea: demoAsset('nav-sea.svg'),
  low: demoAsset('nav-low.svg'),
  ready: demoAsset('nav-ready.svg'),
  retire: demoAsset('nav-retire.svg'),
  invest: demoAsset('nav-invest.svg'),
} as const;
export type NavIcon = keyof typeof NAV_ICONS;

/** Branding sets: logo, sub-logo and favicon per brand, plus four banners. */
export function brandAssets(brand: 'haikou' | 'sanya'): { logo: string; subLogo: string; favicon: string; banners: string[] } {
  return {
    logo: demoAsset(`logo-${brand}.svg`),
    subLogo: demoAsset(`sublogo-${brand}.svg`),
    favicon: demoAsset(`favicon-${brand}.svg`),
    banners: [1, 2, 3, 4].map((n) => demoAsset(`banner-${brand}-${n}.svg`)),
  };
}

import { useEffect, useRef, useState } from 'react';
import type { LngLat } from '../model/location';
import styles from './detail-tabs.module.css';

/** The little of AMap JS API 2.0 this view uses. */
interface AMapMap {
  add(overlay: unknown): void;
  destroy(): void;
}
interface AMapNamespace {
  Map: new (container: HTMLElement, options: { center: [number, number]; zoom: number; resizeEnable?: boolean }) => AMapMap;
  Marker: new (options: { position: [number, number]; title?: string }) => unknown;
}

declare global {
  interface Window {
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

/**
 * AMap with a marker on the listing. AMap's key-bound security code must be on `window`
 * before the loader runs (AMap JS API 2.0 documentation); the loader itself is imported here,
 * so it only loads when a company has a maps key.
 */
export function AmapView({
  point,
  title,
  mapKey,
  securityCode,
  failedText,
}: {
  point: LngLat;
  title: string;
  mapKey: string;
  securityCode: string;
  failedText: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let map: AMapMap | null = null;
    let cancelled = false;
    if (securityCode) window._AMapSecurityConfig = { securityJsCode: securityCode };
    import('@amap/amap-jsapi-loader')
      .then(({ load }) => load({ key: mapKey, version: '2.0' }) as Promise<AMapNamespace>)
      .then((AMap) => {
        if (cancelled || !container.current) return;
        const center: [number, number] = [point.lng, point.lat];
        map = new AMap.Map(container.current, { center, zoom: 15, resizeEnable: true });
        map.add(new AMap.Marker({ position: center, title }));
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [mapKey, securityCode, point.lng, point.lat, title]);

  if (failed) return <div className={styles.state}>{failedText}</div>;
  return <div ref={container} className={styles.mapCanvas} data-testid="house-amap" />;
}

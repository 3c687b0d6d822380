import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { bd09ToGcj02, gcj02ToBd09, type LngLat } from '@baobei/shared/rules/map-coordinates';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** The little of AMap JS API 2.0 the picker uses. */
interface AMapLngLat {
  getLng(): number;
  getLat(): number;
}
interface AMapMap {
  add(overlay: unknown): void;
  on(event: 'click', handler: (event: { lnglat: AMapLngLat }) => void): void;
  destroy(): void;
}
interface AMapMarker {
  setPosition(position: [number, number]): void;
}
interface AMapNamespace {
  Map: new (container: HTMLElement, options: { center: [number, number]; zoom: number; resizeEnable?: boolean }) => AMapMap;
  Marker: new (options: { position: [number, number] }) => AMapMarker;
}

declare global {
  interface Window {
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

/** Where the map opens without coordinates: Haikou, the seed companies' default city (GCJ-02). */
const DEFAULT_CENTER: LngLat = { lng: 110.3312, lat: 20.0442 };

/** The form's typed BD-09 point, if both coordinates are numbers of the world. */
function typedPoint(longitude: unknown, latitude: unknown): LngLat | null {
  if (typeof longitude !== 'number' || typeof latitude !== 'number') return null;
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude) || Math.abs(longitude) > 180 || Math.abs(latitude) > 90) return null;
  return { lng: longitude, lat: latitude };
}

/**
 * The map inside the open picker: AMap (the loader imported here, so it loads only when a
 * company has a maps key and the picker is opened) centred on `center` with a marker; a click
 * moves the marker and reports the point (GCJ-02). The security code goes on `window` before
 * the loader runs (AMap JS API 2.0).
 */
function PickerMap({ mapKey, securityCode, center, onPick }: { mapKey: string; securityCode: string; center: LngLat; onPick: (point: LngLat) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    let map: AMapMap | null = null;
    let cancelled = false;
    if (securityCode) window._AMapSecurityConfig = { securityJsCode: securityCode };
    import('@amap/amap-jsapi-loader')
      .then(({ load }) => load({ key: mapKey, version: '2.0' }) as Promise<AMapNamespace>)
      .then((AMap) => {
        if (cancelled || !container.current) return;
        const position: [number, number] = [center.lng, center.lat];
        map = new AMap.Map(container.current, { center: position, zoom: 15, resizeEnable: true });
        const marker = new AMap.Marker({ position });
        map.add(marker);
        map.on('click', ({ lnglat }) => {
          const point = { lng: lnglat.getLng(), lat: lnglat.getLat() };
          marker.setPosition([point.lng, point.lat]);
          pick.current(point);
        });
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [mapKey, securityCode, center.lng, center.lat]);

  if (state === 'failed') return <Alert type="error" showIcon message={text.mapLoadFailed} role="alert" />;
  return (
    <Spin spinning={state === 'loading'} tip={text.mapLoading}>
      <div ref={container} style={{ width: '100%', height: 480 }} data-testid="house-map-picker" />
    </Spin>
  );
}

export interface MapPickerProps {
  mapKey: string;
  securityCode: string;
  /** The form's 经度/纬度 (BD-09), typed or picked before. */
  longitude: unknown;
  latitude: unknown;
  /** The picked point, as the listing stores it (BD-09, 6 decimals). */
  onConfirm: (point: LngLat) => void;
}

/**
 * 在地图上选点 (issue 15, item 4; docs/decisions/043): a button opening AMap in a dialog, centred
 * on the typed coordinates (or the default city's centre); 确定 hands back the marker's point
 * converted from AMap's GCJ-02 to the listing's BD-09.
 */
export function MapPicker({ mapKey, securityCode, longitude, latitude, onConfirm }: MapPickerProps) {
  const [open, setOpen] = useState(false);
  const [center, setCenter] = useState<LngLat>(DEFAULT_CENTER);
  const [picked, setPicked] = useState<LngLat | null>(null);

  const show = () => {
    const typed = typedPoint(longitude, latitude);
    const start = typed ? bd09ToGcj02(typed) : DEFAULT_CENTER;
    setCenter(start);
    setPicked(typed ? start : null);
    setOpen(true);
  };

  return (
    <>
      <Button onClick={show}>{text.mapPick}</Button>
      <Modal
        open={open}
        title={text.mapPickTitle}
        width={880}
        okText={text.mapPickConfirm}
        cancelText={text.mapPickCancel}
        okButtonProps={{ disabled: picked === null }}
        onOk={() => {
          if (picked) onConfirm(gcj02ToBd09(picked));
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        <Typography.Paragraph type="secondary">{text.mapPickHelp}</Typography.Paragraph>
        {open ? <PickerMap mapKey={mapKey} securityCode={securityCode} center={center} onPick={setPicked} /> : null}
        {picked ? (
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="house-map-picked">
            {text.mapPicked(gcj02ToBd09(picked).lng, gcj02ToBd09(picked).lat)}
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </>
  );
}

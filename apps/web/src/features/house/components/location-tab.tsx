import { messages } from '@baobei/shared/messages';
import { Button, DotLoading } from 'antd-mobile';
import { EnvironmentOutline, LocationFill } from 'antd-mobile-icons';
import { lazy, Suspense } from 'react';
import type { LngLat } from '../model/location';
import styles from './detail-tabs.module.css';

const detailText = messages.houseDetail;

/** The interactive map only exists with a maps key; its code (and AMap's) loads only then. */
const AmapView = lazy(() => import('./amap-view').then((module) => ({ default: module.AmapView })));

export interface LocationTabProps {
  name: string;
  address: string;
  /** GCJ-02. */
  point: LngLat;
  mapKey: string;
  mapSecurityCode: string;
  onRoutePlan: () => void;
}

/**
 * Part 1, section 2: location, only with coordinates. DECISIONS.md, Maps: without a key, an
 * address card and the route-planning link; with one, the map with a marker.
 */
export function LocationTab({ name, address, point, mapKey, mapSecurityCode, onRoutePlan }: LocationTabProps) {
  return (
    <div className={styles.panel} data-testid="house-location">
      {mapKey ? (
        <div className={styles.map}>
          <Suspense
            fallback={
              <div className={styles.state}>
                <DotLoading color="primary" />
              </div>
            }
          >
            <AmapView point={point} title={name} mapKey={mapKey} securityCode={mapSecurityCode} failedText={detailText.mapLoadFailed} />
          </Suspense>
        </div>
      ) : (
        <div className={styles.mapFree} aria-hidden="true">
          <div className={styles.mapGrid} />
          <LocationFill className={styles.mapPin} />
          <span className={styles.mapPinLabel}>{name}</span>
        </div>
      )}
      <div className={styles.addressCard} data-testid="house-address-card">
        <EnvironmentOutline className={styles.addressIcon} />
        <div className={styles.addressBody}>
          <span className={styles.addressName}>{name}</span>
          <span className={styles.addressText}>{address || detailText.none}</span>
        </div>
        <Button color="primary" size="small" shape="rounded" onClick={onRoutePlan} data-testid="house-route-plan">
          {detailText.routePlan}
        </Button>
      </div>
    </div>
  );
}

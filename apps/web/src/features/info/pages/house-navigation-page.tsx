import { messages } from '@baobei/shared/messages';
import { EnvironmentOutline, LocationFill } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { amapNavigationUri, parsePoint, parseTravelMode, type TravelMode } from '../route-plan';
import styles from './house-navigation-page.module.css';

const routeText = messages.routePlan;

const MODES: { mode: TravelMode; label: string }[] = [
  { mode: 'car', label: routeText.drive },
  { mode: 'bus', label: routeText.bus },
  { mode: 'walk', label: routeText.walk },
  { mode: 'ride', label: routeText.ride },
];

/**
 * /house/navigation?type=&point=lng,lat&title= (路线规划): explains that location must be on
 * first, shows the destination, and opens route planning in the maps app. `address` is
 * optional (the detail page may pass it); `type` picks the travel mode shown first.
 */
export function HouseNavigationPage() {
  const [params] = useSearchParams();
  const point = parsePoint(params.get('point'));
  const title = params.get('title')?.trim() ?? '';
  const address = params.get('address')?.trim() ?? '';
  const preferred = parseTravelMode(params.get('type'));
  const modes = [...MODES].sort((a, b) => Number(b.mode === preferred) - Number(a.mode === preferred));

  return (
    <Page backFallback="/house/list">
      <div className={styles.notice} role="note" data-testid="route-location-hint">
        <LocationFill className={styles.noticeIcon} />
        <div>
          <strong className={styles.noticeTitle}>{routeText.locationHint}</strong>
          <p className={styles.noticeText}>{routeText.locationHintDetail}</p>
        </div>
      </div>

      {point ? (
        <>
          <section className={styles.card} data-testid="route-destination">
            <span className={styles.label}>{routeText.destination}</span>
            <h2 className={styles.title}>{title || `${point.lng}, ${point.lat}`}</h2>
            {address && (
              <p className={styles.address}>
                <EnvironmentOutline /> {address}
              </p>
            )}
            <p className={styles.coords}>
              {routeText.coordinates} {point.lng}, {point.lat}
            </p>
          </section>
          <div className={styles.modes}>
            {modes.map(({ mode, label }) => (
              <a
                key={mode}
                className={`${styles.mode} ${mode === preferred ? styles.primary : ''}`}
                href={amapNavigationUri(point, title, mode)}
                rel="noopener noreferrer"
                data-testid={`route-open-${mode}`}
              >
                {label}
              </a>
            ))}
          </div>
          <p className={styles.via}>{routeText.openAmap}</p>
        </>
      ) : (
        <StateBlock kind="empty" title={routeText.noPoint} testId="route-no-point" />
      )}
    </Page>
  );
}

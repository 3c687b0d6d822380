import { messages } from '@baobei/shared/messages';
import { useParams, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { errorMessage } from '../../../lib/api-error';
import { useSessionStore } from '../../../lib/session/session-store';
import { useHouseDetail } from '../api/get-house-data';
import { PanoramaViewer } from '../components/panorama-viewer';
import { mediaKind } from '../model/gallery';
import styles from './house-vr-page.module.css';

/**
 * `/house/vr/:id?name=` (part 1, section 2): the listing's VR view full screen. A tour page
 * opens in an iframe; an equirectangular panorama picture (the demo's) opens in a 360° viewer
 * loaded only here (decision 026).
 */
export function HouseVrPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id) > 0 ? Number(params.id) : 0;
  const ready = useSessionStore((s) => s.ready);
  const uid = useSessionStore((s) => s.userInfo?.uid ?? null);
  const detail = useHouseDetail({ id: ready ? id : 0 }, uid);
  const title = search.get('name') || detail.data?.name || messages.houseDetail.vr;
  const url = detail.data?.buildingVr ?? '';

  let body;
  if (detail.isError) {
    body = (
      <button type="button" className={styles.state} onClick={() => void detail.refetch()}>
        {errorMessage(detail.error, messages.houseDetail.loadFailed)}
      </button>
    );
  } else if (!detail.data) {
    body = <PageLoading />;
  } else if (!url) {
    body = <div className={styles.state}>{messages.houseDetail.none}</div>;
  } else if (mediaKind(url) === 'image') {
    body = <PanoramaViewer url={url} title={title} />;
  } else {
    body = (
      <iframe
        src={url}
        title={title}
        className={styles.frame}
        allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking"
        data-testid="house-vr-frame"
      />
    );
  }

  return (
    <Page title={title} backFallback={id ? `/house/detail/${id}` : '/home'} className={styles.page}>
      {body}
    </Page>
  );
}

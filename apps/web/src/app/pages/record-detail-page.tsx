import { DealSection } from '../../features/deal/components/deal-section';
import { RecordDetailPage as ReportDetailPage } from '../../features/tracking/pages/record-detail-page';

/**
 * `/record/detail/:id`: the report (features/tracking) with its deal card (features/deal).
 * Features never import each other; app/ composes them here.
 */
export function RecordDetailPage() {
  return <ReportDetailPage DealSection={DealSection} />;
}

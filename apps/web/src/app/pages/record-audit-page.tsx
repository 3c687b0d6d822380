import { DealSection } from '../../features/deal/components/deal-section';
import { RecordAuditPage as ReportAuditPage } from '../../features/tracking/pages/record-audit-page';

/**
 * `/record/audit/:id`: the audit (features/tracking) with the report's deal card
 * (features/deal). Features never import each other; app/ composes them here.
 */
export function RecordAuditPage() {
  return <ReportAuditPage DealSection={DealSection} />;
}

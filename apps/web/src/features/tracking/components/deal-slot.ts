import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import type { ComponentType } from 'react';

/**
 * The report's deal card on the detail and the audit page (features/deal's DealSection,
 * decision 052). Features never import each other, so app/ hands it to these pages
 * (app/pages/record-detail-page.tsx, record-audit-page.tsx).
 */
export type DealSlot = ComponentType<{ record: RecordDetail }>;

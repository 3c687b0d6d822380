import { messages } from '@baobei/shared/messages';
import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { formatVisitTime } from '@baobei/shared/rules/awaiting-visit';
import type { ExternalReport } from '@baobei/shared/schemas/record-tracking';
import { Button } from 'antd-mobile';
import styles from './external-report-item.module.css';
import { joined, ReportFacts, ReportRowCard, ReportRowHead, type ReportFact } from './report-row';

const recordText = messages.recordTrack;

/** One report as the developer's on-site staff see it, with 确认到访 while it waits. */
export function ExternalReportItem({
  item,
  onCheck,
  checking,
  visitFirst = false,
}: {
  item: ExternalReport;
  /** 到访为王 listing (decision 053): a customer several distributors reported is marked N家报备. */
  visitFirst?: boolean;
  /** Undefined on the confirmed tab. */
  onCheck?: () => void;
  checking: boolean;
}) {
  const facts: ReportFact[] = [
    { label: recordText.labelVisitorNum, value: String(item.visitorNum) },
    { label: recordText.labelEstimatedVisit, value: formatVisitTime(item.estimatedVisitTime), testId: 'external-estimated' },
    ...(item.visitTime ? [{ label: recordText.labelVisitTime, value: item.visitTime }] : []),
    { label: recordText.labelDistributor, value: item.distributorName },
    { label: recordText.labelBroker, value: joined(item.brokerName, item.brokerPhone) },
    { label: recordText.labelDk, value: joined(item.dkName, item.dkPhone) },
    { label: recordText.labelReception, value: item.reception },
    { label: recordText.labelRemark, value: item.remark },
  ];
  return (
    <ReportRowCard data-testid="external-item" data-id={item.id}>
      <ReportRowHead
        name={item.customerName}
        sex={item.customerSex}
        phone={item.customerPhone}
        status={
          <span className={styles.status}>
            {visitFirst && item.reportedBy > 1 && (
              <span className={styles.reportedBy} title={protectionModeMessages.reportedByHint} data-testid="external-reported-by">
                {protectionModeMessages.reportedBy(item.reportedBy)}
              </span>
            )}
            {item.statusText}
          </span>
        }
      />
      <ReportFacts facts={facts} wrap />
      {onCheck && (
        <div className={styles.actions}>
          <Button size="small" color="primary" loading={checking} onClick={onCheck} data-testid="external-check">
            {recordText.externalCheck}
          </Button>
        </div>
      )}
    </ReportRowCard>
  );
}

import { messages } from '@baobei/shared/messages';
import { formatVisitTime, isAwaitingVisit, isVisitOverdue } from '@baobei/shared/rules/awaiting-visit';
import type { ReportActions } from '@baobei/shared/rules/record-view';
import { parseShanghaiMinute } from '@baobei/shared/rules/shanghai-time';
import type { RecordRow as RecordItem } from '@baobei/shared/schemas/record-tracking';
import { Button, Checkbox } from 'antd-mobile';
import { RecordStatusTag } from '../../../components/record-status-tag';
import styles from './record-list-item.module.css';
import { joined, ReportFacts, ReportRowCard, ReportRowHead, type ReportFact } from './report-row';

const recordText = messages.recordTrack;

export interface RecordItemView {
  /** Auditors, channel roles and the company list see who reported (part 2, section 2.1). */
  showBroker: boolean;
  /** Auditors and channel roles see many distributors: the reporter's company too. */
  showDistributor: boolean;
  /** Auditors see the expected visit on every report; everyone sees it on the reports waiting for it. */
  showEstimatedVisit: boolean;
}

export interface RecordListItemProps {
  item: RecordItem;
  view: RecordItemView;
  /** In multi-select: whether this report is chosen; undefined outside multi-select. */
  selected?: boolean;
  onTap: () => void;
  /** What this viewer may do with the report (shared with the detail); hidden in multi-select. */
  actions: ReportActions;
  /** A status change or re-report of this row is under way. */
  busy: boolean;
  onMenu: () => void;
  onReReport: () => void;
  onMarkUnvisit: () => void;
  onMarkVisit: () => void;
}

/** The row's buttons; a tap on them does not open the report. */
function RowActions({ item, actions, busy, onMenu, onReReport, onMarkUnvisit, onMarkVisit }: Omit<RecordListItemProps, 'view' | 'selected' | 'onTap'>) {
  const any = actions.canDial || actions.canReReport || actions.canMarkVisit || actions.menuLabel !== null;
  if (!any) return null;
  return (
    <footer className={styles.actions} onClick={(event) => event.stopPropagation()} data-testid="record-row-actions">
      {actions.canDial && (
        <a className={styles.dial} href={`tel:${item.customerInfo.phone}`} data-testid="record-row-dial">
          {recordText.dial}
        </a>
      )}
      {actions.canReReport && (
        <Button size="mini" shape="rounded" color="primary" fill="outline" disabled={busy} onClick={onReReport} data-testid="record-row-re-report">
          {recordText.reReport}
        </Button>
      )}
      {actions.canMarkVisit && (
        <>
          <Button size="mini" shape="rounded" color="warning" fill="outline" disabled={busy} onClick={onMarkUnvisit} data-testid="record-row-unvisit">
            {recordText.markUnvisit}
          </Button>
          <Button size="mini" shape="rounded" color="success" fill="outline" disabled={busy} onClick={onMarkVisit} data-testid="record-row-visit">
            {recordText.markVisit}
          </Button>
        </>
      )}
      {actions.menuLabel !== null && (
        <Button size="mini" shape="rounded" color="primary" onClick={onMenu} data-testid="record-row-menu">
          {actions.menuLabel}
        </Button>
      )}
    </footer>
  );
}

/** 预计到访 in the lists' one format (docs/decisions/089), marked once the time passed while it still waits. */
function estimatedVisitFact(item: RecordItem): ReportFact {
  const at = parseShanghaiMinute(item.estimatedVisitTime);
  const overdue = at !== null && isVisitOverdue(item.approvalStatus, at, new Date());
  return {
    label: recordText.labelEstimatedVisit,
    value: formatVisitTime(item.estimatedVisitTime),
    testId: 'record-estimated',
    ...(overdue ? { note: recordText.visitOverdue } : {}),
  };
}

/** One report of the list: customer, listing, status, times and the people around it. */
export function RecordListItem({ item, view, selected, onTap, ...rest }: RecordListItemProps) {
  const selecting = selected !== undefined;
  const { customerInfo: customer } = item;
  const facts: ReportFact[] = [
    { label: recordText.labelCreatedAt, value: item.createdAt },
    ...(view.showEstimatedVisit || isAwaitingVisit(item.approvalStatus) ? [estimatedVisitFact(item)] : []),
    ...(view.showDistributor
      ? [{ label: recordText.labelDistributor, value: joined(item.distributorName, item.subdistributorName), testId: 'record-distributor' }]
      : []),
    ...(view.showBroker
      ? [{ label: recordText.labelBroker, value: joined(item.subdistributorUserName, item.subdistributorUserPhone), testId: 'record-broker' }]
      : []),
    { label: recordText.labelDk, value: joined(item.dkName, item.dkPhone) },
    { label: recordText.labelChannel, value: joined(item.channelName, item.channelMobile) },
    { label: recordText.labelReception, value: item.reception },
  ];
  return (
    <ReportRowCard
      className={`${styles.item} ${selected ? styles.selected : ''}`}
      onClick={onTap}
      data-testid="record-item"
      data-id={item.id}
      data-status={item.approvalStatus}
      aria-selected={selecting ? selected : undefined}
    >
      {selecting && (
        <div className={styles.check} onClick={(event) => event.stopPropagation()}>
          <Checkbox checked={selected} onChange={onTap} data-testid="record-check" />
        </div>
      )}
      <div className={styles.main}>
        <ReportRowHead
          name={customer.name}
          sex={customer.sex}
          phone={customer.phone}
          status={<RecordStatusTag status={item.approvalStatus} text={item.statusText} expired={item.expired} />}
        />
        <p className={styles.house}>{item.houseName}</p>
        <ReportFacts facts={facts} />
        {!selecting && <RowActions item={item} {...rest} />}
      </div>
    </ReportRowCard>
  );
}

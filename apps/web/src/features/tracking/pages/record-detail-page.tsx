import { messages } from '@baobei/shared/messages';
import { developerGroupCopyText, reportActions } from '@baobei/shared/rules/record-view';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DotLoading, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { VisitTimePicker } from '../components/visit-time-picker';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { copyText } from '../../../lib/clipboard';
import { confirmMarkVisit, startReReport } from '../model/report-quick-actions';
import { roleOf, useSessionStore } from '../../../lib/session/session-store';
import { useSubmitRecordAudit } from '../api/submit-record-audit';
import { useGoBack } from '../../../lib/use-go-back';
import { useOncePerFailure } from '../../../lib/use-once-per-failure';
import { useRecordDetail } from '../api/get-record-data';
import { useRemoveRecordImage } from '../api/remove-record-image';
import { useUpdateRecordCustomerInfo } from '../api/update-record-customer-info';
import { useUploadRecordImage } from '../api/upload-record-image';
import { DetailActions } from '../components/detail-actions';
import type { DealSlot } from '../components/deal-slot';
import { DynamicDialog } from '../components/dynamic-dialog';
import { DynamicsTab } from '../components/dynamics-tab';
import { ImagesTab } from '../components/images-tab';
import { OrderInfoTab } from '../components/order-info-tab';
import { RecordHead } from '../components/record-head';
import styles from '../components/record-detail.module.css';
import { detailLoadFailure } from '../model/load-failure';

const recordText = messages.recordTrack;

type TabKey = 'order' | 'images' | 'dynamics';

const NO_PERMISSIONS: readonly string[] = [];

function positiveInt(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * `/record/detail/:id` (part 2, section 2, screen 2), with the report's deal card that app/
 * passes in (`DealSection`, features/deal).
 */
export function RecordDetailPage({ DealSection }: { DealSection: DealSlot }) {
  const id = positiveInt(useParams().id);
  const detail = useRecordDetail(id);
  const goBack = useGoBack('/record/list');

  // Part 2, section 8: 订单数据获取失败 — 确定 retries (or leaves after type 700), 取消 leaves.
  const { refetch } = detail;
  useOncePerFailure(detail, (error) => {
    const failure = detailLoadFailure(error);
    if (!failure) return;
    void Dialog.confirm({
      title: failure.title,
      content: failure.content,
      confirmText: messages.common.confirm,
      cancelText: messages.common.back,
    }).then((confirmed) => {
      if (confirmed && failure.onConfirm === 'retry') void refetch();
      else goBack();
    });
  });

  if (detail.data) return <RecordDetailView record={detail.data} onReload={() => void refetch()} DealSection={DealSection} />;
  return (
    <Page backFallback="/record/list">
      {id === 0 ? (
        <StateBlock kind="error" title={recordText.notFound} testId="record-detail-error" />
      ) : detail.isError ? (
        <StateBlock kind="error" title={recordText.detailLoadFailedTitle} onRetry={() => void refetch()} testId="record-detail-error" />
      ) : (
        <div className={styles.loading}>
          <DotLoading color="primary" />
        </div>
      )}
    </Page>
  );
}

function RecordDetailView({ record, onReload, DealSection }: { record: RecordDetail; onReload: () => void; DealSection: DealSlot }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userInfo = useSessionStore((s) => s.userInfo);
  const role = roleOf(userInfo);
  const staffType = userInfo?.distributorStaffType ?? '';
  const permissionList = userInfo?.permissionList ?? NO_PERMISSIONS;

  const [tab, setTab] = useState<TabKey>('order');
  const [dynamicOpen, setDynamicOpen] = useState(false);
  // When the 已到访 picker opened (its bounds end at that minute); null while closed.
  const [visitPickerAt, setVisitPickerAt] = useState<Date | null>(null);
  const [reReporting, setReReporting] = useState(false);

  const submitAudit = useSubmitRecordAudit();
  const uploadImage = useUploadRecordImage(record.id);
  const removeImage = useRemoveRecordImage(record.id);
  const addDynamic = useUpdateRecordCustomerInfo(record.id);

  const showCompleteInfo = () =>
    void Dialog.alert({ title: recordText.completeInfoTitle, content: recordText.completeInfo, confirmText: messages.common.confirm });

  const onUploaded = async (url: string) => {
    try {
      await uploadImage.mutateAsync({ id: record.id, url });
      Toast.show({ content: recordText.imageUploaded });
    } catch (e) {
      if (isApiError(e) && e.code === 401) return;
      Toast.show({ content: isApiError(e) && e.code === 0 ? messages.upload.failedNetwork : errorMessage(e, messages.upload.failed) });
    }
  };

  const onDeleteImage = async (imageId: number) => {
    const confirmed = await Dialog.confirm({
      content: recordText.deleteImageConfirm,
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (!confirmed) return;
    try {
      await removeImage.mutateAsync({ id: record.id, imageId });
      Toast.show({ content: recordText.deleteImageSuccess });
    } catch (e) {
      if (isApiError(e) && e.code === 401) return;
      Toast.show({ content: isApiError(e) && e.code === 0 ? recordText.deleteImageException : errorMessage(e, recordText.deleteImageFailed) });
    }
  };

  const onSubmitDynamic = async (remark: string): Promise<boolean> => {
    try {
      await addDynamic.mutateAsync({ id: record.id, remark });
      Toast.show({ content: recordText.dynamicAdded });
      return true;
    } catch (e) {
      if (isApiError(e) && e.code === 401) return false;
      const content = isApiError(e) && e.code === 0 ? recordText.dynamicException : errorMessage(e, recordText.dynamicFailed);
      void Dialog.alert({ title: recordText.dynamicFailedTitle, content, confirmText: messages.common.confirm });
      return false;
    }
  };

  /** Part 2, section 4: 未到访 / 已到访 from RECORDCOMPLETE, after the irreversible-change confirm. */
  const markVisit = async (approvalStatus: RecordStatus, visitTime: string) => {
    const changed = await confirmMarkVisit(submitAudit.mutateAsync, record, approvalStatus, visitTime, onReload);
    if (changed) Toast.show({ content: recordText.statusChanged });
  };

  /** Part 2, section 4: the customer, visitor count and viewing person go into a new form for the listing. */
  const reReport = async () => {
    setReReporting(true);
    try {
      await startReReport(queryClient, record, (path) => void navigate(path));
    } finally {
      setReReporting(false);
    }
  };

  /** 复制报备 (issue 32): the spec's report text, for the developer's WeChat group. */
  const copyReport = async () => {
    Toast.show({ content: (await copyText(developerGroupCopyText(record))) ? recordText.copyFormatDone : recordText.copyFailed });
  };

  const status = record.approvalStatus;
  const actions = reportActions({ role, staffType, permissionList }, record);

  return (
    <Page
      backFallback="/record/list"
      footer={
        <DetailActions
          menuLabel={actions.menuLabel}
          canChangeStatus={actions.canChangeStatus}
          canReReport={actions.canReReport}
          canMarkVisit={actions.canMarkVisit}
          busy={submitAudit.isPending || reReporting}
          onChangeStatus={() => void navigate(`/record/audit/${record.id}`)}
          onAddDynamic={() => setDynamicOpen(true)}
          onReReport={() => void reReport()}
          onMarkUnvisit={() => void markVisit('UNVISIT', '')}
          onMarkVisit={() => setVisitPickerAt(new Date())}
        />
      }
    >
      <div data-testid="record-detail" data-status={status} data-version={record.version}>
        <RecordHead record={record} staffType={staffType} onCompleteInfo={showCompleteInfo} onCopy={() => void copyReport()} />
        <DealSection record={record} />
        <div className={styles.tabs}>
          <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)}>
            <Tabs.Tab key="order" title={recordText.tabOrder}>
              <OrderInfoTab record={record} />
            </Tabs.Tab>
            <Tabs.Tab key="images" title={recordText.tabImages}>
              <ImagesTab record={record} onUploaded={onUploaded} onDelete={(imageId) => void onDeleteImage(imageId)} />
            </Tabs.Tab>
            <Tabs.Tab key="dynamics" title={recordText.tabDynamics}>
              <DynamicsTab record={record} />
            </Tabs.Tab>
          </Tabs>
        </div>
      </div>
      <DynamicDialog visible={dynamicOpen} onClose={() => setDynamicOpen(false)} onSubmit={onSubmitDynamic} />
      <VisitTimePicker
        openedAt={visitPickerAt}
        onClose={() => setVisitPickerAt(null)}
        onPick={(visitTime) => void markVisit('VISIT', visitTime)}
      />
    </Page>
  );
}

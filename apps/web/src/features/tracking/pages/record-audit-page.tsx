import { messages } from '@baobei/shared/messages';
import { protectionModeRule } from '@baobei/shared/rules/record-submit';
import { RECORD_STATUS_TEXT, transitionRulesOf, type RecordStatus } from '@baobei/shared/rules/record-status';
import { auditConfirmText, auditDialogTitle, reportCopyText } from '@baobei/shared/rules/record-view';
import { isAuditorAdmin } from '@baobei/shared/rules/access';
import { isAuditorRole } from '@baobei/shared/rules/roles';
import type { RecordDetail } from '@baobei/shared/schemas/record-tracking';
import { Button, Dialog, DotLoading, NoticeBar, Toast } from 'antd-mobile';
import { useEffect, useReducer, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { auditSubmitFailure } from '../model/audit-submit-failure';
import { copyText } from '../../../lib/clipboard';
import { roleOf, useSessionStore } from '../../../lib/session/session-store';
import { useSubmitRecordAudit } from '../api/submit-record-audit';
import { useGoBack } from '../../../lib/use-go-back';
import { useOncePerFailure } from '../../../lib/use-once-per-failure';
import { useRecordAuditData } from '../api/get-record-audit-data';
import { useReportAutoLink } from '../api/get-report-auto-link';
import { useRenewReportAutoLink } from '../api/renew-report-auto-link';
import { AuditFormCard } from '../components/audit-form-card';
import { DealFormCard } from '../../../components/deal-form-card';
import type { DealSlot } from '../components/deal-slot';
import { dealInput, dealStarted, EMPTY_DEAL, type DealDraft } from '../../../lib/deal-form';
import { ExternalLinkCard } from '../components/external-link-card';
import { ReportCard } from '../components/report-card';
import styles from '../components/record-audit.module.css';
import { auditFormOpen, auditFormProblem, auditFormReducer, auditSubmitInput, initialAuditForm } from '../model/audit-form';

const recordText = messages.recordTrack;

/** Part 2, section 9: the reject hint stays 4000 ms. */
const REBACK_HINT_MS = 4000;

function positiveInt(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * `/record/audit/:id` (part 2, section 2, screen 3), with the report's deal card that app/
 * passes in (`DealSection`, features/deal).
 */
export function RecordAuditPage({ DealSection }: { DealSection: DealSlot }) {
  const id = positiveInt(useParams().id);
  const audit = useRecordAuditData(id);
  const goBack = useGoBack('/record/list');
  const navigate = useNavigate();
  const record = audit.data;
  const permitted = record?.approvalStatusPermission === 1;

  // Part 2, section 8: 获取数据失败 with the server's message (订单信息获取异常 without an answer), then back.
  const { refetch } = audit;
  useOncePerFailure(audit, (error) => {
    if (isApiError(error) && (error.handled || error.code === 401)) return;
    const noAnswer = !isApiError(error) || error.code === 0;
    void Dialog.alert({
      title: recordText.auditLoadFailedTitle,
      content: noAnswer ? recordText.auditLoadException : error.msg || recordText.auditLoadFailed,
      confirmText: messages.common.confirm,
    }).then(goBack);
  });

  // Part 2, section 6: without approvalStatusPermission, 无使用权限 and home.
  useEffect(() => {
    if (!record || permitted) return;
    void Dialog.alert({
      title: messages.common.noPermissionTitle,
      content: messages.common.noPermission,
      confirmText: messages.common.confirm,
    }).then(() => navigate('/home', { replace: true }));
  }, [record, permitted, navigate]);

  if (record && permitted) {
    // A reload after a stale-version refusal brings a new version: the form starts again from it.
    return <AuditView key={`${record.id}-${record.version}`} record={record} onReload={() => void refetch()} DealSection={DealSection} />;
  }
  return (
    <Page backFallback="/record/list">
      <div className={styles.loading}>{audit.isPending && id > 0 ? <DotLoading color="primary" /> : null}</div>
    </Page>
  );
}

function AuditView({ record, onReload, DealSection }: { record: RecordDetail; onReload: () => void; DealSection: DealSlot }) {
  const role = useSessionStore((s) => roleOf(s.userInfo));
  // Decision 022: the company's setting, from the initial config (the server checks the same rule).
  const dealConfirmByAdmin = useSessionStore((s) => s.config?.dealConfirmByAdmin ?? false);
  const goBack = useGoBack('/record/list');
  const [state, dispatch] = useReducer(auditFormReducer, undefined, () =>
    initialAuditForm(record.approvalStatus, role, transitionRulesOf({ dealConfirmByAdmin })),
  );
  const submitAudit = useSubmitRecordAudit();
  // Issue 17, item 5 (decision 052): the deal, recorded with the move to 成交 when the auditor fills it in.
  const [deal, setDeal] = useState<DealDraft>(EMPTY_DEAL);
  const [dealUploading, setDealUploading] = useState(false);
  const asksDeal = state.status === 'MAKEBARGAIN' && record.approvalStatus !== 'MAKEBARGAIN';

  const isAuditor = isAuditorRole(role);
  const link = useReportAutoLink(record.houseId, isAuditor);
  const renew = useRenewReportAutoLink();
  const linkUrl = link.data ? `${window.location.origin}${link.data.path}` : null;

  const statusText = (status: RecordStatus) =>
    record.recordStatusList.find((s) => s.value === status)?.text ?? RECORD_STATUS_TEXT[status];

  const copy = async (text: string, done: string) => {
    Toast.show({ content: (await copyText(text)) ? done : recordText.copyFailed });
  };

  const renewLink = async () => {
    const confirmed = await Dialog.confirm({
      content: recordText.externalLinkRenewConfirm,
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (!confirmed) return;
    renew.mutate(record.houseId, {
      onSuccess: () => Toast.show({ content: recordText.externalLinkRenewed }),
      onError: (e) => {
        if (isApiError(e) && e.code === 401) return;
        Toast.show({ content: isApiError(e) && e.msg ? e.msg : messages.common.requestException });
      },
    });
  };

  const submit = async () => {
    const problem = auditFormProblem(state);
    if (problem || !state.status) {
      Toast.show({ content: problem ?? recordText.statusRequired });
      return;
    }
    const withDeal = asksDeal && dealStarted(deal);
    const dealBody = withDeal ? dealInput(deal) : null;
    if (withDeal && dealUploading) {
      Toast.show({ content: messages.deal.form.uploading });
      return;
    }
    if (dealBody && !dealBody.input) {
      Toast.show({ content: dealBody.problem });
      return;
    }
    // Keeping the status (修改: opinion or visit time only) changes nothing
    // irreversible, so only a real status change asks for the confirmation.
    const statusKept = state.status === record.approvalStatus;
    if (!statusKept) {
      const confirmed = await Dialog.confirm({
        title: auditDialogTitle(record.approvalStatus),
        content: auditConfirmText(state.status, record.protectionMode === 'VISIT_FIRST' ? record.approvalStatus : undefined),
        confirmText: messages.common.confirm,
        cancelText: messages.common.cancel,
      });
      if (!confirmed) return;
    }
    try {
      await submitAudit.mutateAsync(dealBody?.input ? { ...auditSubmitInput(state, record), deal: dealBody.input } : auditSubmitInput(state, record));
    } catch (e) {
      const failure = auditSubmitFailure(e);
      if (!failure) return;
      await Dialog.alert({ title: failure.title, content: failure.content, confirmText: messages.common.confirm });
      if (failure.stale) onReload();
      return;
    }
    await Dialog.alert({
      title: recordText.submitSuccessTitle,
      content: statusKept ? recordText.opinionSaved : recordText.submitSuccess,
      confirmText: messages.common.confirm,
    });
    goBack();
  };

  return (
    <Page
      backFallback="/record/list"
      footer={
        auditFormOpen(state) && (
          <div className={styles.footer}>
            <Button
              block
              color="primary"
              size="large"
              loading={submitAudit.isPending}
              disabled={state.status === null}
              onClick={() => void submit()}
              data-testid="audit-submit"
            >
              {recordText.auditSubmit}
            </Button>
          </div>
        )
      }
    >
      <div data-testid="record-audit" data-status={record.approvalStatus}>
        {record.protectionMode === 'VISIT_FIRST' && (
          // 到访为王 (decision 053): confirming this arrival closes the customer's other open reports of the listing.
          <NoticeBar content={protectionModeRule('VISIT_FIRST')} color="alert" wrap data-testid="audit-protection-mode" />
        )}
        <ReportCard
          record={record}
          onCopyField={(label, value) => void copy(value, recordText.copied(label))}
          onCopyAll={() => void copy(reportCopyText(record), recordText.copyFormatDone)}
        />
        <DealSection record={record} />
        <AuditFormCard
          state={state}
          dispatch={dispatch}
          statusText={statusText}
          onRebackOn={() => Toast.show({ content: recordText.rebackHint, duration: REBACK_HINT_MS })}
        />
        {asksDeal && <DealFormCard value={deal} onChange={setDeal} onUploadingChange={setDealUploading} />}
        {isAuditor && (
          <ExternalLinkCard
            url={linkUrl}
            failed={link.isError}
            onRetry={() => void link.refetch()}
            onCopy={() => linkUrl && void copy(linkUrl, recordText.externalLinkCopied)}
            onRenew={isAuditorAdmin(role) ? () => void renewLink() : undefined}
            renewing={renew.isPending}
          />
        )}
        <div className={styles.bottomSpace} />
      </div>
    </Page>
  );
}

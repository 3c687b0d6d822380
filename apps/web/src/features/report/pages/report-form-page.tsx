import { messages } from '@baobei/shared/messages';
import { Button, Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { AddCustomerPopup } from '../../../components/add-customer-popup';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { PrivacyNotice } from '../../../components/privacy/privacy-notice';
import type { ReportDraft } from '../../../lib/report-draft';
import { ReportCustomersSection } from '../components/report-customers-section';
import styles from '../components/report-form.module.css';
import { ReportHousesSection } from '../components/report-houses-section';
import { ReportRecognizeSection } from '../components/report-recognize-section';
import { ReportStaffSection } from '../components/report-staff-section';
import { ReportVisitPicker } from '../components/report-visit-picker';
import { ReportVisitSection } from '../components/report-visit-section';
import { useFormDraft } from '../hooks/use-form-draft';
import { useReportForm } from '../hooks/use-report-form';
import { houseRecordPath, maskedAllowed, otherPhones } from '../model/report-form';

const formText = messages.reportForm;
const reportText = messages.record;

/** The form over its draft: the sections in order, the submit button, the picker and the customer popup. */
function ReportForm({ draft }: { draft: ReportDraft }) {
  const form = useReportForm(draft);

  const footer = (
    <Button
      block
      color="primary"
      size="large"
      loading={form.submitting}
      loadingText={form.slow ? reportText.submitSlow : undefined}
      onClick={() => void form.submit()}
      data-testid="report-submit"
    >
      {formText.submit}
    </Button>
  );

  return (
    <Page footer={footer} backFallback="/home">
      <div className={styles.form} data-testid="report-form" data-form-path={draft.formPath}>
        <ReportHousesSection houses={draft.houses} onSelect={() => form.openSelect('house')} />
        <ReportVisitSection
          visitingTime={draft.visitingTime}
          visitorNum={draft.visitorNum}
          earliest={form.bounds.min}
          onOpenPicker={form.openPicker}
        />
        <ReportCustomersSection
          customers={draft.customers}
          maxCustomers={form.maxCustomers}
          overLimit={form.overLimit}
          onEdit={form.startEditing}
          onAdd={form.startAdding}
          onSelect={() => form.openSelect('customer')}
        />
        <ReportRecognizeSection
          text={form.recognizeText}
          onTextChange={form.setRecognizeText}
          recognizing={form.recognizing}
          onRecognize={() => void form.recognize()}
        />
        <ReportStaffSection draft={draft} onSelect={() => form.openSelect('staff')} />
        <PrivacyNotice testId="report-notice" />
      </div>

      <ReportVisitPicker visible={form.pickerOpen} onClose={form.closePicker} bounds={form.bounds} visitingTime={draft.visitingTime} />

      <AddCustomerPopup
        visible={form.popupOpen}
        onClose={form.closePopup}
        existingPhones={otherPhones(draft, form.editing?.key ?? null)}
        maskedAllowed={maskedAllowed(draft.houses)}
        onSubmit={form.saveCustomer}
        initial={form.editing}
      />
    </Page>
  );
}

function ReportFormRoute({ formPath, houseId }: { formPath: string; houseId: number | null }) {
  const { draft, houseFailed } = useFormDraft(formPath, houseId);
  useEffect(() => {
    if (houseFailed) Toast.show({ content: houseFailed });
  }, [houseFailed]);
  if (!draft) {
    return (
      <Page backFallback="/home">
        <PageLoading />
      </Page>
    );
  }
  return <ReportForm draft={draft} />;
}

/** /house/record/:id 报备客户: a report starting with that listing. */
export function HouseRecordPage() {
  const { id } = useParams();
  const houseId = Number(id);
  const valid = Number.isInteger(houseId) && houseId > 0;
  return (
    <ReportFormRoute key={id} formPath={valid ? houseRecordPath(houseId) : '/rapid/record'} houseId={valid ? houseId : null} />
  );
}

/** /rapid/record 快速报备: a report starting empty. */
export function RapidRecordPage() {
  return <ReportFormRoute formPath="/rapid/record" houseId={null} />;
}

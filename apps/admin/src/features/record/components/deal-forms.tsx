import { UploadOutlined } from '@ant-design/icons';
import { ModalForm, ProForm, ProFormDatePicker, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages } from '@baobei/shared/messages/admin';
import { adminDealMessages as text } from '@baobei/shared/messages/admin-deal';
import { formatFen, formatFenGrouped } from '@baobei/shared/rules/commission';
import { BUILDING_PROPERTIES, type BuildingProperty } from '@baobei/shared/rules/house';
import { IMAGE_ACCEPT } from '@baobei/shared/rules/image-file';
import { shanghaiDay } from '@baobei/shared/rules/shanghai-time';
import type { Deal } from '@baobei/shared/schemas/record-deal';
import { Alert, App, Button, Flex, Image, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { uploadProof } from '../../../lib/upload-picture';
import { adjustCommission, editDeal, newDealKey, submitDeal } from '../api/deal';

const PROPERTY_OPTIONS = Object.entries(BUILDING_PROPERTIES).map(([value, label]) => ({ value, label }));

/** The deal's fields as the forms hold them (元 and ㎡ as texts: the server parses them, decision 052). */
interface DealValues {
  building: string;
  room: string;
  floorArea: string;
  totalPrice: string;
  signedOn: string;
  propertyType: BuildingProperty;
}

/** What a form does with the server's answer: a refusal shows in the form; a 409 reloads the deal and closes. */
export interface DealFormProps {
  open: boolean;
  onClose: () => void;
  onDone: (deal: Deal) => void;
  /** 409: the deal changed meanwhile (or was recorded by someone else). */
  onStale: () => void;
}

function FormFailure({ message }: { message: string | null }) {
  return message ? <Alert type="error" showIcon role="alert" message={message} style={{ marginBottom: 16 }} data-testid="deal-form-error" /> : null;
}

/** The unit, area, price, date and type fields of 登记成交 and 修改成交. */
function DealFields() {
  const today = shanghaiDay(new Date());
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <>
      <ProForm.Group>
        <ProFormText name="building" label={text.formBuilding} width="sm" placeholder={text.formPlaceholder} fieldProps={{ maxLength: 40 }} rules={required(messages.deal.buildingRequired)} />
        <ProFormText name="room" label={text.formRoom} width="sm" placeholder={text.formPlaceholder} fieldProps={{ maxLength: 40 }} rules={required(messages.deal.roomRequired)} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="floorArea" label={text.formFloorArea} width="sm" placeholder={text.formPlaceholder} fieldProps={{ inputMode: 'decimal', maxLength: 16 }} rules={required(messages.deal.floorAreaInvalid)} />
        <ProFormText name="totalPrice" label={text.formTotalPrice} width="sm" placeholder={text.formPlaceholder} fieldProps={{ inputMode: 'decimal', maxLength: 16 }} rules={required(messages.deal.totalPriceInvalid)} />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormDatePicker
          name="signedOn"
          label={text.formSignedOn}
          width="sm"
          rules={[{ required: true, message: messages.deal.signedOnInvalid }]}
          fieldProps={{ disabledDate: (day: Dayjs) => day.isAfter(dayjs(today), 'day') }}
        />
        <ProFormSelect name="propertyType" label={text.formPropertyType} width="sm" options={PROPERTY_OPTIONS} placeholder={text.formChoose} rules={[{ required: true, message: messages.deal.propertyInvalid }]} />
      </ProForm.Group>
    </>
  );
}

/** The form's values as the calls take them (texts trimmed). */
const fieldsOf = (v: DealValues) => ({
  building: v.building.trim(),
  room: v.room.trim(),
  floorArea: v.floorArea.trim(),
  totalPrice: v.totalPrice.trim(),
  signedOn: v.signedOn,
  propertyType: v.propertyType,
});

/** A refusal's handling shared by the forms: 409 reloads and closes; any other shows its message in place. */
function useFailure(onStale: () => void, onClose: () => void) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (error: unknown) => {
    if (isApiError(error) && error.code === 409) {
      void message.warning(error.msg && error.msg !== messages.deal.staleVersion ? error.msg : text.editStale);
      onStale();
      onClose();
      return;
    }
    setFailure(errorMessage(error, messages.common.requestException));
  };
  return { failure, setFailure, fail };
}

/**
 * 修改成交 (decision 080's correction, the console's side): every field at the deal's version with
 * a required reason; what did not change is sent as it was and writes nothing. The contract stays
 * (the console's edit takes none). The commission's old → new shows when it moved.
 */
export function EditDealForm({ deal, open, onClose, onDone, onStale }: DealFormProps & { deal: Deal }) {
  const { message } = App.useApp();
  const { failure, setFailure, fail } = useFailure(onStale, onClose);
  const initial: DealValues = {
    building: deal.building,
    room: deal.room,
    floorArea: deal.floorArea,
    totalPrice: formatFen(deal.totalPriceFen),
    signedOn: deal.signedOn,
    propertyType: deal.propertyType,
  };
  return (
    <ModalForm<DealValues & { reason: string }>
      title={text.editTitle}
      open={open}
      width={560}
      layout="vertical"
      initialValues={initial}
      modalProps={{ destroyOnHidden: true, onCancel: onClose, afterClose: () => setFailure(null) }}
      submitter={{ searchConfig: { submitText: text.editSubmit, resetText: adminConsoleMessages.cancel } }}
      onFinish={async (values) => {
        setFailure(null);
        const fields = fieldsOf(values);
        const before = fieldsOf(initial);
        if ((Object.keys(fields) as (keyof typeof fields)[]).every((k) => fields[k] === before[k])) {
          setFailure(text.editUnchanged);
          return false;
        }
        try {
          const next = await editDeal({ id: deal.recordId, version: deal.version, reason: values.reason.trim(), ...fields });
          const moved = next.commissionFen !== deal.commissionFen;
          void message.success(moved ? `${messages.deal.edited}；${text.commissionChange(formatFenGrouped(deal.commissionFen), formatFenGrouped(next.commissionFen))}` : messages.deal.edited);
          onDone(next);
          return true;
        } catch (error) {
          fail(error);
          return false;
        }
      }}
    >
      <Alert type="info" showIcon message={text.editHint} style={{ marginBottom: 16 }} />
      <FormFailure message={failure} />
      <DealFields />
      <ProFormTextArea
        name="reason"
        label={text.editReason}
        placeholder={text.editReasonPlaceholder}
        fieldProps={{ maxLength: 200, showCount: true, rows: 2 }}
        rules={[{ required: true, whitespace: true, message: messages.deal.editReasonRequired }]}
      />
    </ModalForm>
  );
}

/** 调整佣金 (decision 052's rule, the console's call of decision 085): the new amount with a reason at the deal's version. */
export function AdjustCommissionForm({ deal, open, onClose, onDone, onStale }: DealFormProps & { deal: Deal }) {
  const { message } = App.useApp();
  const { failure, setFailure, fail } = useFailure(onStale, onClose);
  return (
    <ModalForm<{ amount: string; reason: string }>
      title={text.adjustTitle}
      open={open}
      width={480}
      layout="vertical"
      modalProps={{ destroyOnHidden: true, onCancel: onClose, afterClose: () => setFailure(null) }}
      submitter={{ searchConfig: { submitText: text.adjustSubmit, resetText: adminConsoleMessages.cancel } }}
      onFinish={async ({ amount, reason }) => {
        setFailure(null);
        try {
          const next = await adjustCommission({ id: deal.recordId, adjustedCommission: amount.trim(), reason: reason.trim(), version: deal.version });
          void message.success(`${messages.deal.adjusted}；${text.commissionChange(formatFenGrouped(deal.commissionFen), formatFenGrouped(next.commissionFen))}`);
          onDone(next);
          return true;
        } catch (error) {
          fail(error);
          return false;
        }
      }}
    >
      <Typography.Paragraph data-testid="deal-adjust-current">{text.adjustCurrent(formatFenGrouped(deal.commissionFen), formatFenGrouped(deal.paidFen))}</Typography.Paragraph>
      <FormFailure message={failure} />
      <ProFormText name="amount" label={text.adjustAmount} placeholder={text.formAmountPlaceholder} fieldProps={{ inputMode: 'decimal', maxLength: 16 }} rules={[{ required: true, whitespace: true, message: messages.deal.adjustInvalid }]} />
      <ProFormTextArea
        name="reason"
        label={text.adjustReason}
        placeholder={text.adjustReasonPlaceholder}
        fieldProps={{ maxLength: 200, showCount: true, rows: 2 }}
        rules={[{ required: true, whitespace: true, message: messages.deal.adjustReasonRequired }]}
      />
    </ModalForm>
  );
}

/** The contract picture of 登记成交: the operator's own private upload (decision 085), previewed beside. */
function ContractField({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Flex gap={12} align="center">
      <div style={{ width: 88, height: 88, flex: 'none', background: '#fafafa', border: '1px dashed #d9d9d9', borderRadius: 6, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {value ? <Image src={value} width={88} height={88} style={{ objectFit: 'cover' }} alt={text.formContract} data-testid="deal-contract-preview" /> : <Typography.Text type="secondary">—</Typography.Text>}
      </div>
      <Upload
        accept={IMAGE_ACCEPT}
        showUploadList={false}
        customRequest={({ file }) => {
          setBusy(true);
          uploadProof(file as File)
            .then((url) => onChange?.(url))
            .catch((error: Error) => void message.error(text.contractUploadFailed((file as File).name, error.message)))
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="deal-contract-upload">
          {busy ? text.contractUploading : value ? text.contractReplace : text.contractUpload}
        </Button>
      </Upload>
    </Flex>
  );
}

/**
 * 登记成交 of a 成交 report without a deal (decision 085): submit-record-deal's rules through the
 * console's call; one Idempotency-Key per opened form, a new one after a refusal (as 登记结佣).
 */
export function RecordDealForm({ recordId, open, onClose, onDone, onStale }: DealFormProps & { recordId: number }) {
  const { message } = App.useApp();
  const { failure, setFailure, fail } = useFailure(onStale, onClose);
  const key = useRef(newDealKey());
  return (
    <ModalForm<DealValues & { contractPicture: string }>
      title={text.recordTitle}
      open={open}
      width={560}
      layout="vertical"
      initialValues={{ signedOn: shanghaiDay(new Date()) }}
      modalProps={{
        destroyOnHidden: true,
        onCancel: onClose,
        afterClose: () => {
          setFailure(null);
          key.current = newDealKey();
        },
      }}
      submitter={{ searchConfig: { submitText: text.recordSubmit, resetText: adminConsoleMessages.cancel } }}
      onFinish={async (values) => {
        setFailure(null);
        try {
          const next = await submitDeal({ id: recordId, ...fieldsOf(values), contractPicture: values.contractPicture }, key.current);
          void message.success(messages.deal.recorded);
          onDone(next);
          return true;
        } catch (error) {
          // A refusal is this key's answer (replayed): the corrected form is a new recording.
          if (isApiError(error) && error.code >= 400 && error.code < 500) key.current = newDealKey();
          fail(error);
          return false;
        }
      }}
    >
      <Alert type="info" showIcon message={text.recordHint} style={{ marginBottom: 16 }} />
      <FormFailure message={failure} />
      <DealFields />
      <ProForm.Item name="contractPicture" label={text.formContract} rules={[{ required: true, message: messages.deal.contractRequired }]}>
        <ContractField />
      </ProForm.Item>
    </ModalForm>
  );
}

import { FooterToolbar, ProForm, ProFormText } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminHouseFormMessages as text, adminHouseMessages } from '@baobei/shared/messages/admin';
import { emptyHouseFields } from '@baobei/shared/rules/house-fields';
import type { AdminHouse, CreateHouseInput } from '@baobei/shared/schemas/admin-house';
import { CONTACT_PHONE } from '@baobei/shared/rules/console-fields';
import { newIdempotencyKey as randomKey } from '@baobei/shared/rules/idempotency-key';
import { Alert, Anchor, App, Col, Form, Modal, Row, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { errorMessage, isApiError, refusedField } from '../../../lib/api-error';
import { useCreateHouse, useUpdateHouse } from '../api/house-edit';
import { useHouseOptions } from '../api/house-options';
import { useMapConfig } from '../../../api/map-config';
import { AlbumEditor, albumProblem } from './album-editor';
import { CommissionEditor } from './commission-editor';
import { ContactEditor } from './contact-editor';
import { UnitTypeEditor } from './unit-type-editor';
import { HouseFieldInputs } from './house-field-inputs';
import { AddressSection } from './house-form-sections/address';
import { BasicSection } from './house-form-sections/basic';
import { IncentiveSection } from './house-form-sections/incentive';
import { MediaSection } from './house-form-sections/media';
import { PriceSection } from './house-form-sections/price';
import { RulesSection } from './house-form-sections/rules';
import { Section, SECTIONS } from './house-form-sections/section';
import { shanghaiText } from '../../../lib/shanghai-text';

/** What the form edits: every field create and update take (the city may still be unchosen). */
export type HouseFormValues = Omit<CreateHouseInput, 'cityId'> & { cityId?: number };

const LIST_FIELDS = ['albums', 'unitTypes', 'commissionPolicies', 'contacts'] as const;
type ListField = (typeof LIST_FIELDS)[number];
const isListField = (field: string): field is ListField => (LIST_FIELDS as readonly string[]).includes(field);
/** Filled by the server (the company's defaults) when a create leaves them out; never null. */
const DEFAULTED = ['reportProtectHours', 'reportLeadTime', 'takeLookProtectHours'] as const;


const EMPTY: HouseFormValues = {
  name: '',
  sellingStatus: 'SELLING',
  tags: [],
  featureIds: [],
  packagePrice: null,
  averagePrice: null,
  buildingDiagram: '',
  buildingVideo: '',
  buildingVr: '',
  buildingAddress: '',
  ...emptyHouseFields(),
  longitude: null,
  latitude: null,
  onSiteTel: '',
  ruleTel: 'FULL',
  protectionMode: 'REPORT_FIRST',
  isNeedIdCard: false,
  isFullName: false,
  isNotFullName: false,
  isAlert: false,
  specialHintTitle: '',
  specialTip: '',
  incentivePolicy: '',
  incentiveTimeStr: '',
  incentiveFull: '',
  houseRecordTips: '',
  commissionRule: '',
  commissionPolicy: '',
  sort: 0,
  contacts: [],
  albums: [],
  unitTypes: [],
  commissionPolicies: [],
};

/** The form's values of a saved listing: every field the schemas take, nothing of the answer's extras. */
export function formValuesOf(house: AdminHouse): HouseFormValues {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(EMPTY)) values[key] = house[key as keyof AdminHouse];
  return {
    ...(values as HouseFormValues),
    cityId: house.cityId,
    reportProtectHours: house.reportProtectHours,
    reportLeadTime: house.reportLeadTime,
    takeLookProtectHours: house.takeLookProtectHours,
  };
}

/** The body sent: the defaulted rules left out when empty (the company's defaults apply on create). */
function bodyOf(values: HouseFormValues): HouseFormValues {
  const body: Record<string, unknown> = { ...EMPTY, ...values };
  for (const key of DEFAULTED) if (body[key] === null || body[key] === undefined || body[key] === '') delete body[key];
  return body as HouseFormValues;
}


const FORM_FIELDS = new Set<string>([...Object.keys(EMPTY), 'cityId', ...DEFAULTED]);

const newIdempotencyKey = () => `house-${randomKey()}`;

export interface HouseFormProps {
  /** The listing edited; absent: a new one. */
  house?: AdminHouse;
  /** Asks the server for the listing again (after a 409); resolves to the fresh one. */
  reload?: () => Promise<AdminHouse | undefined>;
  onCreated: (house: AdminHouse) => void;
}

/**
 * Every field of a listing (issue 15, items 4 and 7; docs/decisions/043): grouped in cards with
 * an anchor bar. A create carries one Idempotency-Key per opening of the form (a double click or
 * a retry after a lost answer makes one listing; a refusal, which created nothing, takes a new
 * one); an update carries the version read, and a stale one (409) offers 重新加载. A field the
 * server refuses (`data.field`) is marked on the field, or above its list. Leaving with unsaved
 * changes asks first.
 */
export function HouseForm({ house, reload, onCreated }: HouseFormProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<HouseFormValues>();
  const options = useHouseOptions();
  const mapConfig = useMapConfig();
  const create = useCreateHouse();
  const update = useUpdateHouse();
  const saving = create.isPending || update.isPending;
  const idempotencyKey = useRef(newIdempotencyKey());
  const [listErrors, setListErrors] = useState<Partial<Record<ListField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const dirty = useRef(false);
  const [isDirty, setIsDirty] = useState(false);
  /** A point chosen on the map fills the coordinates, as typing them would. */
  const pickOnMap = (point: { lng: number; lat: number }) => {
    form.setFieldsValue({ longitude: point.lng, latitude: point.lat });
    markDirty(true);
  };
  const markDirty = (value: boolean) => {
    dirty.current = value;
    setIsDirty(value);
  };

  // Leaving with unsaved changes: the router's navigations ask; closing or reloading the tab gets the browser's question.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: text.leaveTitle,
      content: text.leaveBody,
      okText: text.leave,
      cancelText: text.stay,
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!isDirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const showRefusal = (error: unknown) => {
    const msg = errorMessage(error, messages.common.requestException);
    const field = refusedField(error);
    if (field && isListField(field)) {
      setListErrors({ [field]: msg });
      document.getElementById(field === 'albums' ? 'house-album' : field === 'unitTypes' ? 'house-unit-types' : field === 'contacts' ? 'house-contacts' : 'house-commission')?.scrollIntoView({ block: 'start' });
    } else if (field && FORM_FIELDS.has(field)) {
      form.setFields([{ name: field as keyof HouseFormValues, errors: [msg] }]);
      form.scrollToField(field as keyof HouseFormValues, { block: 'center' });
    } else {
      setFailure(msg);
      window.scrollTo({ top: 0 });
    }
  };

  const submit = async (values: HouseFormValues): Promise<boolean> => {
    setListErrors({});
    setFailure(null);
    const problem = albumProblem(values.albums);
    if (problem) {
      setListErrors({ albums: problem });
      return false;
    }
    const body = bodyOf(values);
    try {
      if (!house) {
        const created = await create.mutateAsync({ body: { ...body, cityId: body.cityId ?? 0 }, idempotencyKey: idempotencyKey.current });
        markDirty(false);
        void message.success(adminHouseMessages.created);
        onCreated(created);
        return true;
      }
      const saved = await update.mutateAsync({ ...body, id: house.id, version: house.version });
      form.setFieldsValue(formValuesOf(saved));
      markDirty(false);
      void message.success(adminHouseMessages.saved);
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === 409 && house) {
        setConflict(true);
        return false;
      }
      // A refusal created nothing: the next try is a new request. A lost answer keeps the key.
      if (isApiError(error) && error.code >= 400 && error.code < 500 && error.code !== 409) idempotencyKey.current = newIdempotencyKey();
      showRefusal(error);
      return false;
    }
  };

  const doReload = async () => {
    if (!reload) return;
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) {
        form.resetFields();
        form.setFieldsValue(formValuesOf(fresh));
      }
      markDirty(false);
      setConflict(false);
      setListErrors({});
      setFailure(null);
    } finally {
      setReloading(false);
    }
  };

  const initialValues = house ? formValuesOf(house) : EMPTY;
  const editing = house !== undefined;

  return (
    <>
      <Modal
        open={conflict}
        title={text.conflictTitle}
        okText={text.reload}
        cancelText={text.stay}
        onOk={() => void doReload()}
        confirmLoading={reloading}
        onCancel={() => setConflict(false)}
      >
        <Typography.Paragraph>{adminHouseMessages.staleVersion}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{text.conflictBody}</Typography.Paragraph>
      </Modal>
      {/* The section bar stays under the header while the form scrolls (solid, so the cards pass under it). */}
      <div style={{ position: 'sticky', top: 56, zIndex: 5, background: '#fff', padding: '2px 12px', marginBottom: 12, borderRadius: 8, boxShadow: '0 2px 8px rgba(0,0,0,.06)' }}>
        <Anchor direction="horizontal" affix={false} targetOffset={120} items={SECTIONS.map(([key, title]) => ({ key, href: `#${key}`, title }))} />
      </div>
      {failure ? <Alert type="error" showIcon message={text.saveFailed} description={failure} style={{ marginBottom: 16 }} role="alert" /> : null}
      <ProForm<HouseFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onFinishFailed={() => void message.error(text.fixErrors)}
        onValuesChange={() => markDirty(true)}
        scrollToFirstError={{ block: 'center' }}
        submitter={{
          searchConfig: { submitText: editing ? text.save : text.create, resetText: text.reset },
          submitButtonProps: { loading: saving, disabled: saving },
          resetButtonProps: { disabled: saving },
          onReset: () => markDirty(false),
          render: (_props, dom) => (
            <FooterToolbar
              extra={
                house ? (
                  <Typography.Text type="secondary">{text.versionLine(house.version, shanghaiText(house.updatedAt, 'second'))}</Typography.Text>
                ) : null
              }
            >
              <Space>{dom}</Space>
            </FooterToolbar>
          ),
        }}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%', paddingBottom: 64 }}>
          <BasicSection options={options} kept={house?.features ?? []} />

          <PriceSection />

          <MediaSection />

          <AddressSection mapConfig={mapConfig} onPicked={pickOnMap} />

          <Section id="house-facts">
            <HouseFieldInputs kinds={['decimal', 'count', 'line']} />
          </Section>

          <Section id="house-texts">
            <HouseFieldInputs kinds={['text']} />
          </Section>

          <Section id="house-contacts" error={listErrors.contacts}>
            <Row gutter={24}>
              <Col xs={24} xl={8}>
                <ProFormText name="onSiteTel" label={text.onSiteTel} rules={[{ pattern: CONTACT_PHONE, message: adminHouseMessages.phoneInvalid(text.onSiteTel) }]} />
              </Col>
              <Col xs={24} xl={16}>
                <ContactEditor />
              </Col>
            </Row>
          </Section>

          <RulesSection editing={editing} />

          <Section id="house-album" error={listErrors.albums}>
            <Typography.Paragraph type="secondary">{text.albumHint}</Typography.Paragraph>
            <ProForm.Item name="albums" noStyle>
              <AlbumEditor />
            </ProForm.Item>
          </Section>

          <Section id="house-unit-types" error={listErrors.unitTypes}>
            <UnitTypeEditor />
          </Section>

          <Section id="house-commission" error={listErrors.commissionPolicies}>
            <CommissionEditor />
          </Section>

          <IncentiveSection />
        </Space>
      </ProForm>
    </>
  );
}

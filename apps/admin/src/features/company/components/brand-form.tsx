import { ProForm, ProFormCheckbox, ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminBrandMessages as text, adminCompanyMessages, adminConsoleMessages } from '@baobei/shared/messages/admin';
import { CONTACT_PHONE, HEX_COLOUR, PICTURE_URL } from '@baobei/shared/rules/console-fields';
import { SMS_MESSAGE_KINDS } from '@baobei/shared/rules/message';
import type { CompanyBrand, UpdateBrandInput } from '@baobei/shared/schemas/admin';
import { Alert, App, Button, Card, Col, ColorPicker, Flex, Form, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useEffect, useRef, useState } from 'react';
import { PictureField } from '../../../components/picture-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useBrand } from '../api/get-brand';
import { useUpdateBrand } from '../api/update-brand';
import { shanghaiText } from '../../../lib/shanghai-text';

/** What the form edits: every field of update-brand but the version and companyId (hosts: PLATFORM_ADMIN only). */
type BrandFormValues = Omit<UpdateBrandInput, 'version' | 'companyId'>;

const colourRules = (field: string) => [
  { required: true, message: adminCompanyMessages.colorInvalid(field) },
  { pattern: HEX_COLOUR, message: adminCompanyMessages.colorInvalid(field) },
];

function formValues(brand: CompanyBrand, withHosts: boolean): BrandFormValues {
  return {
    title: brand.title,
    color: brand.color,
    gradientColor: brand.gradientColor,
    logo: brand.logo,
    subLogo: brand.subLogo,
    favicon: brand.favicon,
    description: brand.description,
    agreement: brand.agreement,
    kefPhone: brand.kefPhone,
    maxCustomersPerReport: brand.maxCustomersPerReport,
    defaultProtectHours: brand.defaultProtectHours,
    defaultReportLeadTime: brand.defaultReportLeadTime,
    protectionWarningHours: brand.protectionWarningHours,
    dealConfirmByAdmin: brand.dealConfirmByAdmin,
    smsNotifyKinds: brand.smsNotifyKinds,
    wechatEnabled: brand.wechatEnabled,
    ...(withHosts ? { hosts: brand.hosts } : {}),
  };
}

/** antd's ColorPicker in a form: the value is `#rrggbb`, without alpha. */
function ColourField({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return <ColorPicker value={value} disabledAlpha showText format="hex" onChange={(colour: Color) => onChange?.(colour.toHexString())} />;
}

/** The header gradient of the mobile app, as the two colours make it. */
function GradientPreview() {
  const color = Form.useWatch<string | undefined>('color');
  const gradient = Form.useWatch<string | undefined>('gradientColor');
  const title = Form.useWatch<string | undefined>('title');
  return (
    <div
      style={{
        height: 56,
        borderRadius: 8,
        display: 'flex',
        alignItems: 'center',
        padding: '0 16px',
        color: '#fff',
        fontSize: 16,
        fontWeight: 600,
        background: `linear-gradient(90deg, ${color ?? '#1677ff'}, ${gradient ?? color ?? '#1677ff'})`,
      }}
    >
      {title}
    </div>
  );
}

/** Host names typed as tags (Enter, comma or space ends one); the server checks and lower-cases them. */
function HostsField({ id, value, onChange }: { id?: string; value?: string[]; onChange?: (value: string[]) => void }) {
  // `id` from the form item, so its label names the input.
  return <Select id={id} mode="tags" open={false} suffixIcon={null} value={value} onChange={onChange} tokenSeparators={[',', ' ', '，']} placeholder={text.hostsPlaceholder} />;
}

export interface BrandFormProps {
  /** Another company (公司管理, PLATFORM_ADMIN); absent: the signed-in account's own. */
  companyId?: number;
  /** PLATFORM_ADMIN: the hosts are a field; for an operator they are shown only. */
  canEditHosts: boolean;
}

/**
 * Every field of a company's brand and settings (issue 15, item 3), saved with the version read.
 * A save on a stale version (another tab, another operator) is refused 409 and the form offers
 * a reload; a refused field is marked on the field itself (`data.field`).
 */
export function BrandForm({ companyId, canEditHosts }: BrandFormProps) {
  const brand = useBrand(companyId);
  const update = useUpdateBrand(companyId);
  const { message } = App.useApp();
  const [form] = Form.useForm<BrandFormValues>();
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal is shown above the form; the save button is at its foot, so bring it into view.
  useEffect(() => {
    if (conflict || failure) alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [conflict, failure]);

  if (brand.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (brand.isError) {
    return (
      <Result
        status="error"
        title={messages.common.requestExceptionTitle}
        subTitle={errorMessage(brand.error, messages.common.requestException)}
        extra={
          <Button type="primary" onClick={() => void brand.refetch()}>
            {adminConsoleMessages.retry}
          </Button>
        }
      />
    );
  }

  const current = brand.data;
  const reload = async () => {
    setConflict(null);
    setFailure(null);
    const fresh = await brand.refetch();
    if (fresh.data) form.setFieldsValue(formValues(fresh.data, canEditHosts));
  };

  const submit = async (values: BrandFormValues) => {
    setConflict(null);
    setFailure(null);
    try {
      const { hosts, ...rest } = values;
      const saved = await update.mutateAsync({
        ...rest,
        ...(canEditHosts && hosts ? { hosts } : {}),
        ...(companyId === undefined ? {} : { companyId }),
        version: current.version,
      });
      form.setFieldsValue(formValues(saved, canEditHosts));
      void message.success(adminCompanyMessages.saved);
    } catch (error) {
      const msg = errorMessage(error, messages.common.requestException);
      if (isApiError(error) && error.code === 409) return setConflict(msg);
      const field = isApiError(error) && typeof error.data === 'object' && error.data && 'field' in error.data ? String(error.data.field) : null;
      if (field && field in values) form.setFields([{ name: field as keyof BrandFormValues, errors: [msg] }]);
      else setFailure(msg);
    }
    return undefined;
  };

  return (
    <>
      <div ref={alertRef} />
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          message={conflict}
          description={text.conflictDescription}
          action={
            <Button type="primary" size="small" onClick={() => void reload()}>
              {text.reload}
            </Button>
          }
          style={{ marginBottom: 16 }}
          role="alert"
        />
      ) : null}
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} role="alert" /> : null}
      <ProForm<BrandFormValues>
        form={form}
        initialValues={formValues(current, canEditHosts)}
        onFinish={submit}
        scrollToFirstError
        layout="vertical"
        grid
        rowProps={{ gutter: 24 }}
        submitter={{
          searchConfig: { submitText: text.save, resetText: text.reset },
          render: (_props, dom) => (
            <Card>
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary">{text.versionLine(current.version, shanghaiText(current.updatedAt, 'second'))}</Typography.Text>
                <Space>{dom}</Space>
              </Flex>
            </Card>
          ),
          submitButtonProps: { loading: update.isPending },
        }}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card title={text.sectionBasic}>
            <ProForm.Group>
              <ProFormText
                name="title"
                label={text.title}
                colProps={{ span: 12 }}
                fieldProps={{ maxLength: 40, showCount: true }}
                rules={[
                  { required: true, whitespace: true, message: adminCompanyMessages.titleRequired },
                  { max: 40, message: adminCompanyMessages.titleTooLong },
                ]}
              />
              <ProFormText
                name="kefPhone"
                label={text.kefPhone}
                colProps={{ span: 12 }}
                rules={[{ pattern: CONTACT_PHONE, message: adminCompanyMessages.kefPhoneInvalid }]}
              />
              <ProFormTextArea
                name="description"
                label={text.description}
                colProps={{ span: 24 }}
                fieldProps={{ maxLength: 2000, showCount: true, autoSize: { minRows: 3, maxRows: 8 } }}
              />
            </ProForm.Group>
          </Card>
          <Card title={text.sectionLook}>
            <ProForm.Group>
              {/* ProForm.Item is not a grid field: each sits in its own column. */}
              <Col span={6}>
                <ProForm.Item name="color" label={text.color} rules={colourRules(text.color)}>
                  <ColourField />
                </ProForm.Item>
              </Col>
              <Col span={6}>
                <ProForm.Item name="gradientColor" label={text.gradientColor} rules={colourRules(text.gradientColor)}>
                  <ColourField />
                </ProForm.Item>
              </Col>
              <Col span={12}>
                <ProForm.Item label={text.gradientPreview}>
                  <GradientPreview />
                </ProForm.Item>
              </Col>
              {(
                [
                  ['logo', text.logo],
                  ['subLogo', text.subLogo],
                  ['favicon', text.favicon],
                ] as const
              ).map(([name, label]) => (
                <Col span={8} key={name}>
                  <ProForm.Item name={name} label={label} rules={[{ pattern: PICTURE_URL, message: adminCompanyMessages.pictureInvalid(label) }]}>
                    <PictureField width={96} height={48} fit="contain" aria-label={label} />
                  </ProForm.Item>
                </Col>
              ))}
            </ProForm.Group>
          </Card>
          <Card title={text.sectionSettings}>
            <ProForm.Group>
              <ProFormDigit
                name="maxCustomersPerReport"
                label={text.maxCustomersPerReport}
                colProps={{ span: 8 }}
                min={1}
                max={20}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: adminCompanyMessages.maxCustomersInvalid }]}
              />
              <ProFormDigit
                name="defaultProtectHours"
                label={text.defaultProtectHours}
                colProps={{ span: 8 }}
                min={1}
                max={8760}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: adminCompanyMessages.protectHoursInvalid }]}
              />
              <ProFormDigit
                name="defaultReportLeadTime"
                label={text.defaultReportLeadTime}
                colProps={{ span: 8 }}
                min={0}
                max={1440}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: adminCompanyMessages.leadTimeInvalid }]}
              />
              <ProFormDigit
                name="protectionWarningHours"
                label={text.protectionWarningHours}
                tooltip={text.protectionWarningHoursTooltip}
                colProps={{ span: 8 }}
                fieldProps={{ precision: 0 }}
                rules={[
                  { required: true, message: adminCompanyMessages.protectionWarningHoursInvalid },
                  { type: 'integer', min: 0, max: 168, message: adminCompanyMessages.protectionWarningHoursInvalid },
                ]}
              />
              <ProFormSwitch name="dealConfirmByAdmin" label={text.dealConfirmByAdmin} colProps={{ span: 8 }} />
              <ProFormSwitch name="wechatEnabled" label={text.wechatEnabled} colProps={{ span: 8 }} />
              {/* 短信通知 (docs/decisions/054): the notification kinds also sent by SMS to the recipient's phone. */}
              <ProFormCheckbox.Group
                name="smsNotifyKinds"
                label={messages.message.smsNotify}
                tooltip={messages.message.smsNotifyHint}
                colProps={{ span: 24 }}
                options={SMS_MESSAGE_KINDS.map((kind) => ({ label: messages.message.kind[kind], value: kind }))}
              />
              {canEditHosts ? (
                <Col span={24}>
                  <ProForm.Item
                    name="hosts"
                    label={text.hosts}
                    tooltip={text.hostsEditTooltip}
                    rules={[{ required: true, type: 'array', min: 1, message: adminCompanyMessages.hostsRequired }]}
                  >
                    <HostsField />
                  </ProForm.Item>
                </Col>
              ) : (
                <Col span={8}>
                  <ProForm.Item label={text.hosts} tooltip={text.hostsTooltip}>
                    <Space wrap>
                      {current.hosts.map((host) => (
                        <Tag key={host}>{host}</Tag>
                      ))}
                    </Space>
                  </ProForm.Item>
                </Col>
              )}
            </ProForm.Group>
          </Card>
          <Card title={text.sectionAgreement}>
            <ProFormTextArea
              name="agreement"
              colProps={{ span: 24 }}
              placeholder={text.agreementPlaceholder}
              fieldProps={{ maxLength: 20000, showCount: true, autoSize: { minRows: 4, maxRows: 14 } }}
            />
          </Card>
        </Space>
      </ProForm>
    </>
  );
}

import { ProForm } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminBrandMessages as text, adminCompanyMessages, adminConsoleMessages } from '@baobei/shared/messages/admin';
import type { CompanyBrand, UpdateBrandInput } from '@baobei/shared/schemas/admin';
import { Alert, App, Button, Card, Flex, Form, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError, refusedField } from '../../../lib/api-error';
import { useBrand } from '../api/get-brand';
import { useUpdateBrand } from '../api/update-brand';
import { shanghaiText } from '../../../lib/shanghai-text';
import { AgreementSection } from './brand-form-sections/agreement';
import { PrivacyPolicySection } from './brand-form-sections/privacy-policy';
import { BasicSection } from './brand-form-sections/basic';
import { LookSection } from './brand-form-sections/look';
import { SettingsSection } from './brand-form-sections/settings';
import { useConsoleAccess } from '../../../lib/console-access';

/** What the form edits: every field of update-brand but the version and companyId (hosts: PLATFORM_ADMIN only). */
type BrandFormValues = Omit<UpdateBrandInput, 'version' | 'companyId'>;

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
    privacyPolicy: brand.privacyPolicy,
    kefPhone: brand.kefPhone,
    maxCustomersPerReport: brand.maxCustomersPerReport,
    defaultProtectHours: brand.defaultProtectHours,
    defaultReportLeadTime: brand.defaultReportLeadTime,
    protectionWarningHours: brand.protectionWarningHours,
    highCommissionYuan: brand.highCommissionYuan,
    visitReminderMinutes: brand.visitReminderMinutes,
    retentionMonths: brand.retentionMonths,
    pictureRetentionMonths: brand.pictureRetentionMonths,
    dealConfirmByAdmin: brand.dealConfirmByAdmin,
    smsNotifyKinds: brand.smsNotifyKinds,
    wechatEnabled: brand.wechatEnabled,
    ...(withHosts ? { hosts: brand.hosts } : {}),
  };
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
  // docs/decisions/081: a scope that only reads sees the form, not its 保存.
  const { canWrite } = useConsoleAccess('company');
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
      const field = refusedField(error);
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
        disabled={!canWrite}
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
                {canWrite ? <Space>{dom}</Space> : null}
              </Flex>
            </Card>
          ),
          submitButtonProps: { loading: update.isPending },
        }}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <BasicSection />
          <LookSection />
          <SettingsSection canEditHosts={canEditHosts} hosts={current.hosts} />
          <AgreementSection />
          <PrivacyPolicySection />
        </Space>
      </ProForm>
    </>
  );
}

import { PageContainer, ProForm, ProFormDigit, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import type { CompanyBrand, UpdateBrandInput } from '@baobei/shared/schemas/admin';
import { adminCompanyMessages } from '@baobei/shared/messages/admin';
import { Alert, App, Button, Card, Col, ColorPicker, Flex, Form, Image, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { texts } from '../../../lib/texts';
import { useBrand } from '../api/get-brand';
import { useUpdateBrand } from '../api/update-brand';

/** What the form edits: every field of update-brand but the version, hosts and companyId. */
type BrandForm = Omit<UpdateBrandInput, 'version' | 'hosts' | 'companyId'>;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
/** What update-brand takes as a picture (schemas/admin.ts): a site path or an http(s) address. */
const PICTURE = /^(?:\/[\w\-./]+|https?:\/\/[^\s"'<>]+)?$/;
const colourRules = (field: string) => [
  { required: true, message: adminCompanyMessages.colorInvalid(field) },
  { pattern: HEX_COLOUR, message: adminCompanyMessages.colorInvalid(field) },
];

function formValues(brand: CompanyBrand): BrandForm {
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
    dealConfirmByAdmin: brand.dealConfirmByAdmin,
    wechatEnabled: brand.wechatEnabled,
  };
}

/** antd's ColorPicker in a form: the value is `#rrggbb`, without alpha. */
function ColourField({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return <ColorPicker value={value} disabledAlpha showText format="hex" onChange={(colour: Color) => onChange?.(colour.toHexString())} />;
}

/** A picture field's preview, beside its address. */
function PicturePreview({ name }: { name: 'logo' | 'subLogo' | 'favicon' }) {
  const src = Form.useWatch<string | undefined>(name);
  return src && PICTURE.test(src) ? <Image src={src} height={48} style={{ objectFit: 'contain', background: '#fafafa' }} /> : <Typography.Text type="secondary">未设置</Typography.Text>;
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

/**
 * 品牌设置: every field of the company's brand and settings, saved with the version read. A save
 * on a stale version (another tab, another operator) is refused 409 and the page offers a
 * reload; a refused field is marked on the field itself (`data.field`).
 */
export function BrandPage() {
  const brand = useBrand();
  const update = useUpdateBrand();
  const { message } = App.useApp();
  const [form] = Form.useForm<BrandForm>();
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal is shown above the form; the save button is at its foot, so bring it into view.
  useEffect(() => {
    if (conflict || failure) alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [conflict, failure]);

  if (brand.isPending) {
    return (
      <PageContainer title={texts.menuBrand}>
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </PageContainer>
    );
  }
  if (brand.isError) {
    return (
      <PageContainer title={texts.menuBrand}>
        <Result
          status="error"
          title={messages.common.requestExceptionTitle}
          subTitle={errorMessage(brand.error, messages.common.requestException)}
          extra={
            <Button type="primary" onClick={() => void brand.refetch()}>
              {texts.retry}
            </Button>
          }
        />
      </PageContainer>
    );
  }

  const current = brand.data;
  const reload = async () => {
    setConflict(null);
    setFailure(null);
    const fresh = await brand.refetch();
    if (fresh.data) form.setFieldsValue(formValues(fresh.data));
  };

  const submit = async (values: BrandForm) => {
    setConflict(null);
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ ...values, version: current.version });
      form.setFieldsValue(formValues(saved));
      void message.success(adminCompanyMessages.saved);
    } catch (error) {
      const msg = errorMessage(error, messages.common.requestException);
      if (isApiError(error) && error.code === 409) return setConflict(msg);
      const field = isApiError(error) && typeof error.data === 'object' && error.data && 'field' in error.data ? String(error.data.field) : null;
      if (field && field in values) form.setFields([{ name: field as keyof BrandForm, errors: [msg] }]);
      else setFailure(msg);
    }
    return undefined;
  };

  return (
    <PageContainer title={texts.menuBrand} subTitle="修改后，移动端下次打开时生效">
      <div ref={alertRef} />
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          message={conflict}
          description="其他人刚刚保存过公司信息。重新加载后，您的修改需要再填一次。"
          action={
            <Button type="primary" size="small" onClick={() => void reload()}>
              重新加载
            </Button>
          }
          style={{ marginBottom: 16 }}
          role="alert"
        />
      ) : null}
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} role="alert" /> : null}
      <ProForm<BrandForm>
        form={form}
        initialValues={formValues(current)}
        onFinish={submit}
        scrollToFirstError
        layout="vertical"
        grid
        rowProps={{ gutter: 24 }}
        submitter={{
          searchConfig: { submitText: '保存', resetText: '重置' },
          render: (_props, dom) => (
            <Card>
              <Flex justify="space-between" align="center">
                <Typography.Text type="secondary">
                  版本 {current.version} · 最近修改 {new Date(current.updatedAt).toLocaleString('zh-CN')}
                </Typography.Text>
                <Space>{dom}</Space>
              </Flex>
            </Card>
          ),
          submitButtonProps: { loading: update.isPending },
        }}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card title="基本信息">
            <ProForm.Group>
              <ProFormText
                name="title"
                label="公司名称"
                colProps={{ span: 12 }}
                fieldProps={{ maxLength: 40, showCount: true }}
                rules={[
                  { required: true, whitespace: true, message: adminCompanyMessages.titleRequired },
                  { max: 40, message: adminCompanyMessages.titleTooLong },
                ]}
              />
              <ProFormText
                name="kefPhone"
                label="客服电话"
                colProps={{ span: 12 }}
                rules={[{ pattern: /^[0-9+\- ]{3,20}$/, message: adminCompanyMessages.kefPhoneInvalid }]}
              />
              <ProFormTextArea
                name="description"
                label="公司简介"
                colProps={{ span: 24 }}
                fieldProps={{ maxLength: 2000, showCount: true, autoSize: { minRows: 3, maxRows: 8 } }}
              />
            </ProForm.Group>
          </Card>
          <Card title="品牌外观">
            <ProForm.Group>
              {/* ProForm.Item is not a grid field: each sits in its own column. */}
              <Col span={6}>
                <ProForm.Item name="color" label="主题色" rules={colourRules('主题色')}>
                  <ColourField />
                </ProForm.Item>
              </Col>
              <Col span={6}>
                <ProForm.Item name="gradientColor" label="渐变色" rules={colourRules('渐变色')}>
                  <ColourField />
                </ProForm.Item>
              </Col>
              <Col span={12}>
                <ProForm.Item label="移动端顶部效果">
                  <GradientPreview />
                </ProForm.Item>
              </Col>
              {(
                [
                  ['logo', 'Logo'],
                  ['subLogo', '副Logo'],
                  ['favicon', '网站图标'],
                ] as const
              ).map(([name, label]) => (
                <Col span={8} key={name}>
                  <ProForm.Item label={label} required={false}>
                    <Space direction="vertical" style={{ width: '100%' }}>
                      <ProForm.Item
                        name={name}
                        noStyle
                        rules={[{ pattern: PICTURE, message: adminCompanyMessages.pictureInvalid(label) }]}
                      >
                        <Input placeholder="/uploads/… 或 https://…" allowClear aria-label={label} />
                      </ProForm.Item>
                      <PicturePreview name={name} />
                    </Space>
                  </ProForm.Item>
                </Col>
              ))}
            </ProForm.Group>
          </Card>
          <Card title="报备设置">
            <ProForm.Group>
              <ProFormDigit
                name="maxCustomersPerReport"
                label="每次报备客户数"
                colProps={{ span: 8 }}
                min={1}
                max={20}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: adminCompanyMessages.maxCustomersInvalid }]}
              />
              <ProFormDigit
                name="defaultProtectHours"
                label="默认报备保护期（小时）"
                colProps={{ span: 8 }}
                min={1}
                max={8760}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: adminCompanyMessages.protectHoursInvalid }]}
              />
              <ProFormDigit
                name="defaultReportLeadTime"
                label="默认提前报备时间（分钟）"
                colProps={{ span: 8 }}
                min={0}
                max={1440}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: adminCompanyMessages.leadTimeInvalid }]}
              />
              <ProFormSwitch name="dealConfirmByAdmin" label="成交需审核管理员确认" colProps={{ span: 8 }} />
              <ProFormSwitch name="wechatEnabled" label="启用微信功能" colProps={{ span: 8 }} />
              <Col span={8}>
                <ProForm.Item label="域名" tooltip="由平台管理员维护">
                  <Space wrap>
                    {current.hosts.map((host) => (
                      <Tag key={host}>{host}</Tag>
                    ))}
                  </Space>
                </ProForm.Item>
              </Col>
            </ProForm.Group>
          </Card>
          <Card title="用户协议">
            <ProFormTextArea
              name="agreement"
              colProps={{ span: 24 }}
              placeholder="留空则使用系统内置的用户协议"
              fieldProps={{ maxLength: 20000, showCount: true, autoSize: { minRows: 4, maxRows: 14 } }}
            />
          </Card>
        </Space>
      </ProForm>
    </PageContainer>
  );
}

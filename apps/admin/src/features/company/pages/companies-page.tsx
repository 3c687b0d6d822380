import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, ProFormText, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminAccountMessages, adminCompaniesMessages as text, adminCompanyMessages, adminConsoleMessages } from '@baobei/shared/messages/admin';
import { MAINLAND_PHONE_PATTERN } from '@baobei/shared/rules/phone';
import { STAFF_NAME_MAX } from '@baobei/shared/rules/staff';
import { isPlatformAdmin } from '@baobei/shared/rules/access';
import { CONTACT_PHONE } from '@baobei/shared/rules/console-fields';
import type { CompanyListItem, CreateCompanyInput } from '@baobei/shared/schemas/admin';
import { Alert, App, Avatar, Button, Divider, Drawer, Form, Result, Select, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useMe } from '../../../api/get-me';
import { errorMessage, refusedField } from '../../../lib/api-error';
import { PasswordModal, type ShownPassword } from '../../../components/password-modal';
import { listCompanies, useCreateCompany } from '../api/companies';
import { BrandForm } from '../components/brand-form';
import { useLatestOnly } from '../../../components/console-table';

type CreateForm = Pick<CreateCompanyInput, 'title' | 'hosts' | 'kefPhone'> & { operatorName: string; operatorPhone: string };

/**
 * 公司管理 (PLATFORM_ADMIN, issue 15 item 3): every company with its hosts and console accounts,
 * a new company (title and hosts; the rest takes the defaults), and any company's brand, hosts
 * and settings in a drawer (update-brand with its companyId). The menu hides it from operators;
 * an operator opening the address sees 403, and the server refuses the calls anyway.
 */
export function CompaniesPage() {
  const me = useMe();
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();
  const [editing, setEditing] = useState<CompanyListItem | null>(null);
  const [createFailure, setCreateFailure] = useState<string | null>(null);
  const [shownPassword, setShownPassword] = useState<ShownPassword | null>(null);
  const [createForm] = Form.useForm<CreateForm>();
  const create = useCreateCompany();
  const { message } = App.useApp();

  const role = me.data?.user.role;
  if (role === undefined || !isPlatformAdmin(role)) {
    return (
      <PageContainer title={text.title}>
        <Result status="403" title="403" subTitle={adminConsoleMessages.platformOnly} />
      </PageContainer>
    );
  }

  const columns: ProColumns<CompanyListItem>[] = [
    { title: text.keyword, dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: text.keywordPlaceholder } },
    { title: text.id, dataIndex: 'id', width: 96, search: false },
    {
      title: text.companyTitle,
      dataIndex: 'title',
      search: false,
      render: (_, row) => (
        <Space>
          {row.logo ? <Avatar src={row.logo} shape="square" size="small" alt="" /> : null}
          {row.title}
        </Space>
      ),
    },
    {
      title: text.color,
      dataIndex: 'color',
      search: false,
      width: 140,
      render: (_, row) => (
        <Space>
          <span aria-hidden style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: row.color }} />
          {row.color}
        </Space>
      ),
    },
    {
      title: text.hosts,
      dataIndex: 'hosts',
      search: false,
      render: (_, row) => (
        <Space wrap size={[4, 4]}>
          {row.hosts.map((host) => (
            <Tag key={host}>{host}</Tag>
          ))}
        </Space>
      ),
    },
    { title: text.operatorCount, dataIndex: 'operatorCount', search: false, width: 110 },
    { title: text.createdAt, dataIndex: 'createdAt', valueType: 'dateTime', search: false, width: 180 },
    {
      title: text.actions,
      valueType: 'option',
      width: 90,
      render: (_, row) => [
        <a key="edit" onClick={() => setEditing(row)}>
          {text.edit}
        </a>,
      ],
    },
  ];

  const submitCreate = async (values: CreateForm) => {
    setCreateFailure(null);
    try {
      const created = await create.mutateAsync({
        title: values.title,
        hosts: values.hosts,
        ...(values.kefPhone ? { kefPhone: values.kefPhone } : {}),
        operator: { name: values.operatorName, phone: values.operatorPhone },
      });
      void message.success(adminCompanyMessages.created);
      void actionRef.current?.reload();
      if (created.operator) {
        setShownPassword({ intro: text.operatorCreated(created.title, created.operator.name, created.hosts), password: created.operator.password });
      }
      return true;
    } catch (error) {
      const msg = errorMessage(error, messages.common.requestException);
      const field = refusedField(error);
      // The operator's fields are checked here first; a refusal of them (named `operator`) shows above the form.
      if (field && ['title', 'hosts', 'kefPhone'].includes(field)) createForm.setFields([{ name: field as keyof CreateForm, errors: [msg] }]);
      else setCreateFailure(msg);
      return false;
    }
  };

  return (
    <PageContainer title={text.title} subTitle={text.subTitle}>
      <ProTable<CompanyListItem, { keyword?: string }>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: false, showTotal: text.total }}
        request={latestOnly(async ({ current, pageSize, keyword }) => {
          const page = await listCompanies({ page: current ?? 1, pageSize: pageSize ?? 20, keyword: keyword?.trim() || undefined });
          return { data: page.list, total: page.total, success: true };
        })}
        toolBarRender={() => [
          <ModalForm<CreateForm>
            key="create"
            title={text.createTitle}
            form={createForm}
            width={560}
            layout="vertical"
            modalProps={{ destroyOnHidden: true, onCancel: () => setCreateFailure(null) }}
            submitter={{ searchConfig: { submitText: text.createSubmit, resetText: adminConsoleMessages.cancel } }}
            trigger={
              <Button type="primary" icon={<PlusOutlined />}>
                {text.create}
              </Button>
            }
            onFinish={submitCreate}
          >
            {createFailure ? <Alert type="error" showIcon message={createFailure} role="alert" style={{ marginBottom: 16 }} /> : null}
            <ProFormText
              name="title"
              label={text.companyTitle}
              fieldProps={{ maxLength: 40, showCount: true }}
              rules={[
                { required: true, whitespace: true, message: adminCompanyMessages.titleRequired },
                { max: 40, message: adminCompanyMessages.titleTooLong },
              ]}
            />
            <Form.Item
              name="hosts"
              label={text.hostsLabel}
              extra={text.hostsExtra}
              rules={[{ required: true, type: 'array', min: 1, message: adminCompanyMessages.hostsRequired }]}
            >
              <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', '，']} placeholder={text.hostsPlaceholder} />
            </Form.Item>
            <ProFormText name="kefPhone" label={text.kefPhone} rules={[{ pattern: CONTACT_PHONE, message: adminCompanyMessages.kefPhoneInvalid }]} />
            <Divider orientation="left" plain style={{ margin: '8px 0 16px' }}>
              {text.operatorSection}
            </Divider>
            <ProFormText
              name="operatorName"
              label={text.operatorName}
              fieldProps={{ maxLength: STAFF_NAME_MAX }}
              rules={[{ required: true, whitespace: true, message: adminAccountMessages.nameRequired }]}
            />
            <ProFormText
              name="operatorPhone"
              label={text.operatorPhone}
              extra={text.operatorExtra}
              fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
              rules={[
                { required: true, message: adminAccountMessages.phoneRequired },
                { pattern: MAINLAND_PHONE_PATTERN, message: adminAccountMessages.phoneInvalid },
              ]}
            />
            <Alert type="info" showIcon message={text.brandHint} />
          </ModalForm>,
        ]}
      />
      <Drawer
        open={editing !== null}
        width={1040}
        title={editing ? text.editTitle(editing.title) : ''}
        onClose={() => {
          setEditing(null);
          void actionRef.current?.reload();
        }}
        destroyOnHidden
      >
        {editing ? <BrandForm key={editing.id} companyId={editing.id} canEditHosts /> : null}
      </Drawer>
      <PasswordModal shown={shownPassword} onClose={() => setShownPassword(null)} />
    </PageContainer>
  );
}

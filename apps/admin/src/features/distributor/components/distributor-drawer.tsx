import { ProForm, type ProFormInstance } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { adminDistributorMessages as text } from '@baobei/shared/messages/admin';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import type { AdminDistributor, AdminDistributorStaff, UpdateDistributorInput } from '@baobei/shared/schemas/admin-distributor';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Col, Descriptions, Drawer, Empty, Image, List, Modal, Popconfirm, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage, isApiError, refusedField } from '../../../lib/api-error';
import { distributorKeys, setDistributorActive, updateDistributor, useDistributor, type DistributorOptions } from '../api/distributors';
import { shanghaiText } from '../../../lib/shanghai-text';
import { DistributorFields } from './distributor-fields';
import { useConsoleAccess } from '../../../lib/console-access';

type FormValues = Pick<UpdateDistributorInput, 'name' | 'shortName' | 'address' | 'managerName' | 'managerPhone'> & {
  cityId?: number | null;
  channelUserId?: number | null;
};

const EDITABLE = ['name', 'shortName', 'address', 'cityId', 'channelUserId', 'managerName', 'managerPhone'] as const;

function formValues(d: AdminDistributor): FormValues {
  return {
    name: d.name,
    shortName: d.shortName,
    address: d.address,
    cityId: d.cityId,
    channelUserId: d.channelUserId,
    managerName: d.managerName,
    managerPhone: d.managerPhone,
  };
}

function StatusBadge({ active }: { active: boolean }) {
  return <Badge status={active ? 'success' : 'error'} text={active ? text.statusEnabled : text.statusDisabled} />;
}

const staffColumns = [
  {
    title: text.staffName,
    dataIndex: 'name',
    render: (_: unknown, s: AdminDistributorStaff) => (
      <Space size={4}>
        {s.name}
        {s.distributorControl ? <Tag color="blue">{text.generalAccount}</Tag> : null}
      </Space>
    ),
  },
  { title: text.staffPhone, dataIndex: 'phone', width: 130 },
  { title: text.staffRole, dataIndex: 'role', width: 90, render: (_: unknown, s: AdminDistributorStaff) => ROLE_LABELS[s.role] },
  { title: text.staffShop, dataIndex: 'shopName', render: (_: unknown, s: AdminDistributorStaff) => s.shopName || '-' },
  {
    title: text.staffActive,
    dataIndex: 'active',
    width: 96,
    render: (_: unknown, s: AdminDistributorStaff) => <Badge status={s.active ? 'success' : 'default'} text={s.active ? text.staffActiveYes : text.staffActiveNo} />,
  },
];

/**
 * A distributor's detail (decision 046): its fields as an edit form at the version read (a 409
 * asks to reload or keep editing), 停用/启用 behind a Popconfirm, the licence, its shops (shop
 * managers and their brokers) and its staff.
 */
export function DistributorDrawer({ id, options, onClose, onChanged }: { id: number | null; options: DistributorOptions | undefined; onClose: () => void; onChanged: () => void }) {
  const detail = useDistributor(id);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<FormValues>>(undefined);
  const { canWrite } = useConsoleAccess('distributors');
  const [saving, setSaving] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [stale, setStale] = useState(false);
  const d = detail.data;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: distributorKeys.detail(id ?? 0) });
    onChanged();
  };

  const save = async (values: FormValues) => {
    if (!d) return;
    // Only what differs from what was read, so a save touches the fields the operator changed.
    const changes: Partial<UpdateDistributorInput> = {};
    for (const field of EDITABLE) {
      const value = values[field] ?? (field === 'cityId' || field === 'channelUserId' ? null : '');
      if (value !== formValues(d)[field]) (changes as Record<string, unknown>)[field] = value;
    }
    setSaving(true);
    try {
      const saved = await updateDistributor({ id: d.id, version: d.version, ...changes });
      queryClient.setQueryData(distributorKeys.detail(d.id), saved);
      formRef.current?.setFieldsValue(formValues(saved));
      void message.success(text.saved);
      onChanged();
    } catch (error) {
      const field = refusedField(error);
      if (isApiError(error) && error.code === 409) setStale(true);
      else if (isApiError(error) && field) {
        formRef.current?.setFields([{ name: field as keyof FormValues, errors: [error.msg] }]);
      } else void message.error(errorMessage(error, messages.common.requestException));
    } finally {
      setSaving(false);
    }
  };

  const toggle = async () => {
    if (!d) return;
    setToggling(true);
    try {
      await setDistributorActive(d, !d.active);
      void message.success(d.active ? text.disabled : text.enabled);
    } catch (error) {
      if (isApiError(error) && error.code === 409) void message.warning(text.staleReloaded);
      else void message.error(errorMessage(error, messages.common.requestException));
    } finally {
      setToggling(false);
      await refresh();
    }
  };

  let body;
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (detail.isError || !d)
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={text.loadFailed}
        description={errorMessage(detail.error, text.loadFailed)}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {text.retry}
          </Button>
        }
      />
    );
  else
    body = (
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {!d.active ? <Alert type="warning" showIcon message={text.disabledBanner} /> : null}
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={text.creditNo}>
            <Typography.Text copyable>{d.creditNo}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={text.createdAt}>{shanghaiText(d.createdAt)}</Descriptions.Item>
        </Descriptions>
        <Row gutter={16}>
          <Col span={16}>
            <Card size="small" title={text.basicInfo}>
              <ProForm<FormValues>
                key={`${d.id}`}
                formRef={formRef}
                layout="vertical"
                initialValues={formValues(d)}
                onFinish={save}
                disabled={!canWrite}
                submitter={canWrite && {
                  searchConfig: { submitText: text.save, resetText: text.reset },
                  submitButtonProps: { loading: saving },
                  resetButtonProps: { onClick: () => formRef.current?.setFieldsValue(formValues(d)) },
                }}
              >
                <DistributorFields options={options} />
              </ProForm>
            </Card>
          </Col>
          <Col span={8}>
            <Card size="small" title={text.licence}>
              {d.businessLicensePic ? (
                <Image src={d.businessLicensePic} alt={text.licence} width="100%" style={{ maxHeight: 320, objectFit: 'contain' }} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.noLicence} />
              )}
            </Card>
          </Col>
        </Row>
        <Card size="small" title={`${text.shops}（${d.shops.length}）`}>
          {d.shops.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.shopsEmpty} />
          ) : (
            <List
              size="small"
              dataSource={d.shops}
              renderItem={(shop) => (
                <List.Item key={shop.managerId}>
                  <List.Item.Meta
                    title={
                      <Space size={8} wrap>
                        <Typography.Text strong>{shop.shopName || '-'}</Typography.Text>
                        {shop.distributorControl ? <Tag color="blue">{text.generalAccount}</Tag> : null}
                        <span>
                          {ROLE_LABELS.DIANZHANG}：{shop.managerName} {shop.managerPhone}
                        </span>
                        {!shop.active ? <Tag>{text.staffActiveNo}</Tag> : null}
                      </Space>
                    }
                    description={
                      shop.brokers.length === 0
                        ? text.noBrokers
                        : `${text.shopBrokers(shop.brokers.length)}：${shop.brokers.map((b) => `${b.name}${b.active ? '' : `（${text.staffActiveNo}）`}`).join('、')}`
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
        <Card size="small" title={`${text.staff}（${d.staff.length}）`}>
          <Table<AdminDistributorStaff> rowKey="id" size="small" columns={staffColumns} dataSource={d.staff} pagination={d.staff.length > 10 ? { pageSize: 10 } : false} locale={{ emptyText: text.staffEmpty }} />
        </Card>
      </Space>
    );

  return (
    <Drawer
      open={id !== null}
      width={960}
      title={d ? `${d.shortName || d.name}` : text.detailTitle}
      onClose={onClose}
      destroyOnHidden
      extra={
        d ? (
          <Space>
            <StatusBadge active={d.active} />
            {canWrite ? (
              <Popconfirm
                title={d.active ? text.disable : text.enable}
                description={<div style={{ maxWidth: 300 }}>{d.active ? text.disableConfirm : text.enableConfirm}</div>}
                okText={d.active ? text.disable : text.enable}
                okButtonProps={{ danger: d.active }}
                cancelText={text.cancel}
                onConfirm={toggle}
              >
                <Button danger={d.active} type={d.active ? 'default' : 'primary'} loading={toggling}>
                  {d.active ? text.disable : text.enable}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null
      }
    >
      {body}
      <Modal
        open={stale}
        title={text.staleTitle}
        okText={text.reload}
        cancelText={text.keepEditing}
        onCancel={() => {
          // Keep the typed values; the next save names the current version and sends what differs from it.
          setStale(false);
          void detail.refetch();
        }}
        onOk={async () => {
          setStale(false);
          const fresh = await detail.refetch();
          if (fresh.data) formRef.current?.setFieldsValue(formValues(fresh.data));
          onChanged();
        }}
      >
        {text.staleBody}
      </Modal>
    </Drawer>
  );
}

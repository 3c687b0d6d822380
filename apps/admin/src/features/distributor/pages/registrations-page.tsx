import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { api } from '@baobei/shared/contract';
import { adminBatchMessages as batch, adminDistributorMessages as text } from '@baobei/shared/messages/admin';
import type { AdminRegistrationItem } from '@baobei/shared/schemas/admin-distributor';
import { Alert, App, Button, Col, Descriptions, Drawer, Empty, Form, Image, Input, Modal, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { PATHS } from '../../../lib/navigation';
import { listRegistrations, reviewRegistration } from '../api/distributors';
import { CONSOLE_TABLE_PROPS, TableLoadError, tableEmptyText, useLatestOnly } from '../../../components/console-table';
import { managerColumn } from '../components/manager-column';
import { BATCH_SELECTION, BatchFormModal, batchAlert, useBatchConfirm, useBatchRunner } from '../../../components/batch-actions';
import { call } from '../../../lib/api-client';
import { useConsoleAccess } from '../../../lib/console-access';

type Status = AdminRegistrationItem['status'];
type Params = { status?: Status };

const STATUS_TEXT: Record<Status, string> = { PENDING: text.regPending, APPROVED: text.regApproved, REJECTED: text.regRejected };
const STATUS_COLOR: Record<Status, string> = { PENDING: 'processing', APPROVED: 'success', REJECTED: 'error' };
const statusEnum = Object.fromEntries(Object.entries(STATUS_TEXT).map(([k, v]) => [k, { text: v }]));

/** The answer's message as the mobile review words it (the SMS notice may have failed). */
function reviewedMessage(approved: boolean, notified: boolean): string {
  const r = messages.registration;
  if (notified) return approved ? r.reviewApproved : r.reviewRejected;
  return approved ? r.reviewApprovedNotNotified : r.reviewRejectedNotNotified;
}

/** The review drawer: every field of the registration, the licence large (click to zoom), 通过 / 驳回. */
function ReviewDrawer({ item, onClose, onReviewed }: { item: AdminRegistrationItem | null; onClose: () => void; onReviewed: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  const review = async (approve: boolean, reason: string) => {
    if (!item) return;
    setBusy(true);
    setError(null);
    try {
      const result = await reviewRegistration({ id: item.id, approve, reason });
      const notice = reviewedMessage(approve, result.notified);
      if (result.notified) void message.success(notice);
      else void message.warning(notice);
      setRejecting(false);
      onReviewed();
      onClose();
    } catch (e) {
      setError(errorMessage(e, messages.common.requestException));
      // A registration another reviewer just handled: the list shows what is true now.
      onReviewed();
    } finally {
      setBusy(false);
    }
  };

  const pending = item?.status === 'PENDING';
  // docs/decisions/081: a scope that only reads sees the registration, not 通过/驳回.
  const { canWrite } = useConsoleAccess('distributors');
  return (
    <Drawer
      open={item !== null}
      width={980}
      title={item ? `${text.reviewTitle}：${item.companyLicenseName}` : ''}
      onClose={onClose}
      destroyOnHidden
      extra={
        item && pending && canWrite ? (
          <Space>
            <Button danger onClick={() => setRejecting(true)} disabled={busy}>
              {text.reject}
            </Button>
            <Popconfirm
              title={text.approve}
              description={<div style={{ maxWidth: 300 }}>{text.approveConfirm}</div>}
              okText={text.approve}
              cancelText={text.cancel}
              onConfirm={() => review(true, '')}
            >
              <Button type="primary" loading={busy}>
                {text.approve}
              </Button>
            </Popconfirm>
          </Space>
        ) : item ? (
          <Tag color={STATUS_COLOR[item.status]}>{STATUS_TEXT[item.status]}</Tag>
        ) : null
      }
    >
      {item ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {error ? <Alert type="error" showIcon role="alert" message={error} /> : null}
          <Row gutter={24}>
            <Col span={11}>
              <Descriptions size="small" column={1} bordered labelStyle={{ width: 150, whiteSpace: 'nowrap' }}>
                <Descriptions.Item label={text.regLicenseName}>{item.companyLicenseName}</Descriptions.Item>
                <Descriptions.Item label={text.regName}>{item.name}</Descriptions.Item>
                <Descriptions.Item label={text.creditNo}>
                  <Typography.Text copyable>{item.creditNo}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={text.managerName}>{item.managerName}</Descriptions.Item>
                <Descriptions.Item label={text.managerPhone}>{item.managerPhone}</Descriptions.Item>
                <Descriptions.Item label={text.city}>{item.locationName || '-'}</Descriptions.Item>
                <Descriptions.Item label={text.address}>{item.address || '-'}</Descriptions.Item>
                <Descriptions.Item label={text.regChannel}>{item.channelName ? `${item.channelName}（${item.channelMobile}）` : text.channelNone}</Descriptions.Item>
                <Descriptions.Item label={text.regSubmittedAt}>{item.createdAt}</Descriptions.Item>
                <Descriptions.Item label={text.regStatus}>
                  <Tag color={STATUS_COLOR[item.status]}>{STATUS_TEXT[item.status]}</Tag>
                </Descriptions.Item>
                {!pending ? (
                  <>
                    <Descriptions.Item label={text.regReviewer}>{item.reviewerName || '-'}</Descriptions.Item>
                    <Descriptions.Item label={text.regReviewedAt}>{item.reviewedAt || '-'}</Descriptions.Item>
                  </>
                ) : null}
                {item.status === 'REJECTED' ? <Descriptions.Item label={text.regReason}>{item.reason}</Descriptions.Item> : null}
                {item.distributorId ? (
                  <Descriptions.Item label={text.title}>
                    <Link to={`${PATHS.distributors}?id=${item.distributorId}`}>{text.openDistributor}</Link>
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            </Col>
            <Col span={13}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {text.licence}
              </Typography.Title>
              {item.businessLicensePic ? (
                <Image
                  src={item.businessLicensePic}
                  alt={text.licence}
                  width="100%"
                  style={{ maxHeight: 560, objectFit: 'contain', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6 }}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.noLicence} />
              )}
            </Col>
          </Row>
        </Space>
      ) : null}
      <Modal
        open={rejecting}
        title={text.rejectTitle}
        okText={text.reject}
        okButtonProps={{ danger: true, loading: busy }}
        cancelText={text.cancel}
        onCancel={() => setRejecting(false)}
        onOk={async () => {
          const { reason } = await form.validateFields();
          await review(false, reason.trim());
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label={text.regReason} rules={[{ required: true, whitespace: true, message: text.rejectReasonRequired }]}>
            <Input.TextArea rows={4} maxLength={200} showCount placeholder={text.rejectReasonPlaceholder} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}

/**
 * 入驻审核 (issue 16 item 1; decision 046): the company's registrations, pending first, by status,
 * with the licence as a thumbnail; a row opens the review drawer, whose 通过/驳回 is the mobile
 * review itself on the server.
 */
export function RegistrationsPage() {
  const actionRef = useRef<ActionType>(undefined);
  const latestOnly = useLatestOnly();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState<Status | undefined>('PENDING');
  const [reviewing, setReviewing] = useState<AdminRegistrationItem | null>(null);
  /** 批量驳回's dialog: the selection it acts on, while open. */
  const [rejecting, setRejecting] = useState<{ rows: AdminRegistrationItem[]; clear: () => void } | null>(null);
  const confirm = useBatchConfirm();
  const runBatch = useBatchRunner(actionRef);
  const { canWrite } = useConsoleAccess('distributors');
  const labelIn = (rows: AdminRegistrationItem[]) => (id: number) => rows.find((r) => r.id === id)?.companyLicenseName ?? String(id);

  const columns: ProColumns<AdminRegistrationItem>[] = [
    {
      title: text.licence,
      dataIndex: 'businessLicensePic',
      search: false,
      width: 92,
      render: (_, row) =>
        row.businessLicensePic ? (
          <Image src={row.businessLicensePic} width={72} height={52} style={{ objectFit: 'cover', borderRadius: 4 }} alt={text.licence} />
        ) : (
          '-'
        ),
    },
    {
      title: text.regLicenseName,
      dataIndex: 'companyLicenseName',
      search: false,
      render: (_, row) => (
        <div>
          <a onClick={() => setReviewing(row)}>{row.companyLicenseName}</a>
          <br />
          <Typography.Text type="secondary">{row.name}</Typography.Text>
        </div>
      ),
    },
    { title: text.creditNo, dataIndex: 'creditNo', search: false, width: 180 },
    managerColumn(130),
    { title: text.city, dataIndex: 'locationName', search: false, width: 80, render: (_, row) => row.locationName || '-' },
    { title: text.regChannel, dataIndex: 'channelName', search: false, width: 100, render: (_, row) => row.channelName || text.channelNone },
    { title: text.regSubmittedAt, dataIndex: 'createdAt', search: false, width: 140 },
    {
      title: text.regStatus,
      dataIndex: 'status',
      width: 96,
      valueType: 'select',
      valueEnum: statusEnum,
      render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{STATUS_TEXT[row.status]}</Tag>,
    },
    {
      title: text.actions,
      valueType: 'option',
      width: 96,
      fixed: 'right',
      render: (_, row) => [
        <a key="open" onClick={() => setReviewing(row)}>
          {row.status === 'PENDING' ? text.reviewAction : text.view}
        </a>,
      ],
    },
  ];

  return (
    <PageContainer title={text.reviewTitle}>
      <TableLoadError error={loadError} message={text.loadFailed} onRetry={() => void actionRef.current?.reload()} />
      <ProTable<AdminRegistrationItem, Params>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        form={{ initialValues: { status: 'PENDING' } }}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 } }}
        {...CONSOLE_TABLE_PROPS}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: text.regTotal }}
        locale={{
          emptyText: tableEmptyText(loadError, text.loadFailed, filter === 'PENDING' ? text.regPendingEmpty : text.regEmpty),
        }}
        rowSelection={canWrite ? { ...BATCH_SELECTION, getCheckboxProps: (row) => ({ disabled: row.status !== 'PENDING' }) } : false}
        tableAlertRender={batchAlert}
        tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
          <Space>
            <Button
              size="small"
              type="primary"
              onClick={() =>
                confirm(batch.approveConfirm(selectedRows.length), batch.approve, () =>
                  runBatch(() => call(api.adminBatch.reviewRegistrations, { body: { ids: selectedRows.map((r) => r.id), approve: true } }), labelIn(selectedRows), onCleanSelected),
                )
              }
            >
              {batch.approve}
            </Button>
            <Button size="small" danger onClick={() => setRejecting({ rows: selectedRows, clear: onCleanSelected })}>
              {batch.reject}
            </Button>
          </Space>
        )}
        request={latestOnly(async ({ current, pageSize, status }) => {
          setFilter(status);
          try {
            const page = await listRegistrations(current ?? 1, pageSize ?? 20, { status });
            setLoadError(null);
            return { data: page.list, total: page.total, success: true };
          } catch (error) {
            setLoadError(errorMessage(error, messages.common.requestException));
            return { data: [], total: 0, success: false };
          }
        })}
      />
      <ReviewDrawer item={reviewing} onClose={() => setReviewing(null)} onReviewed={() => void actionRef.current?.reload()} />
      <BatchFormModal<{ reason: string }>
        open={rejecting !== null}
        title={batch.rejectTitle(rejecting?.rows.length ?? 0)}
        okText={batch.reject}
        onCancel={() => setRejecting(null)}
        onSubmit={async ({ reason }) => {
          if (!rejecting) return;
          const { rows, clear } = rejecting;
          await runBatch(() => call(api.adminBatch.reviewRegistrations, { body: { ids: rows.map((r) => r.id), approve: false, reason: reason.trim() } }), labelIn(rows), clear);
          setRejecting(null);
        }}
      >
        <Form.Item name="reason" label={batch.rejectReason} rules={[{ required: true, whitespace: true, message: batch.rejectReasonRequired }]}>
          <Input.TextArea rows={4} maxLength={200} showCount placeholder={text.rejectReasonPlaceholder} />
        </Form.Item>
      </BatchFormModal>
    </PageContainer>
  );
}

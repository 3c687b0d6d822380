import { messages } from '@baobei/shared/messages';
import { adminConsoleMessages, adminRecordMessages as text } from '@baobei/shared/messages/admin';
import { RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import type { AdminRecordDetail, AdminRecordRow } from '@baobei/shared/schemas/admin-record';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Empty, Form, Image, List, Modal, Popconfirm, Skeleton, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { getRecord, reassignRecord, reopenRecord } from '../api/records';
import { DealSection } from './deal-section';
import { OptionSelect } from '../../../components/option-select';
import { RecordStatusTag } from './status-tag';
import { useConsoleAccess } from '../../../lib/console-access';

interface Props {
  /** The row clicked (null: closed). */
  row: AdminRecordRow | null;
  onClose: () => void;
  /** After a change (or a 409): the table reloads. */
  onChanged: () => void;
}

const recordKey = (id: number) => ['admin', 'record', 'get', id] as const;

/**
 * The report's drawer (docs/decisions/048): its facts, the history as a timeline, the images
 * (a preview group) and the customer dynamics, with the auditor-admin actions 更换审核员 and
 * 重新打开 at the version read; a 409 reloads drawer and table and says so.
 */
export function RecordDrawer({ row, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: recordKey(row?.id ?? 0),
    queryFn: ({ signal }) => getRecord(row!.id, signal),
    enabled: !!row,
  });
  const [reassigning, setReassigning] = useState(false);
  // docs/decisions/081: reassign and reopen change the report; the deal is its own area.
  const { canWrite } = useConsoleAccess('reports');
  const canReadDeals = useConsoleAccess('deals').canRead;
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ auditorId?: number }>();
  const d = detail.data;

  const settle = async (error?: unknown) => {
    if (error !== undefined) {
      // A 409 is a stale version, or a reopen's arrival warning that came up since the drawer was read: its own words.
      if (isApiError(error) && error.code === 409) void message.warning(error.msg && error.msg !== text.stale ? error.msg : text.staleReloaded);
      else void message.error(errorMessage(error, messages.common.requestException));
    }
    await client.invalidateQueries({ queryKey: recordKey(row!.id) });
    onChanged();
  };

  const doReassign = async (target: AdminRecordDetail, auditorId: number) => {
    setBusy(true);
    try {
      await reassignRecord(target, auditorId);
      void message.success(text.reassigned);
      setReassigning(false);
      form.resetFields();
      await settle();
    } catch (error) {
      if (isApiError(error) && error.code === 400) form.setFields([{ name: 'auditorId', errors: [error.msg] }]);
      else {
        setReassigning(false);
        await settle(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const doReopen = async (target: AdminRecordDetail) => {
    setBusy(true);
    try {
      await reopenRecord(target, target.reopenWarning !== null);
      void message.success(text.reopened);
      await settle();
    } catch (error) {
      await settle(error);
    } finally {
      setBusy(false);
    }
  };

  const orNone = (value: string | number) => (value === '' || value === null ? <Typography.Text type="secondary">{text.none}</Typography.Text> : value);

  return (
    <Drawer
      open={!!row}
      width={760}
      onClose={onClose}
      destroyOnHidden
      title={row ? text.drawerTitle(row.customerName) : ''}
      extra={
        d && canWrite ? (
          <Space>
            <Button onClick={() => setReassigning(true)} disabled={busy}>
              {text.reassign}
            </Button>
            {d.reopenTo ? (
              <Popconfirm
                title={text.reopenConfirm(RECORD_STATUS_TEXT[d.reopenTo])}
                description={
                  d.reopenWarning ? (
                    <Typography.Text type="danger" data-testid="reopen-warning" style={{ display: 'block', maxWidth: 320 }}>
                      {d.reopenWarning}
                    </Typography.Text>
                  ) : (
                    text.reopenHint
                  )
                }
                okText={text.reopen}
                cancelText={adminConsoleMessages.cancel}
                onConfirm={() => doReopen(d)}
              >
                <Button type="primary" loading={busy}>
                  {text.reopen}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null
      }
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          message={text.loadDetailFailed}
          description={errorMessage(detail.error, messages.common.requestException)}
          action={
            <Button size="small" onClick={() => void detail.refetch()}>
              {adminConsoleMessages.retry}
            </Button>
          }
        />
      ) : !d ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Space direction="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions title={text.sectionInfo} bordered size="small" column={2} labelStyle={{ width: 110 }}>
            <Descriptions.Item label={text.customer}>{d.customerName}</Descriptions.Item>
            <Descriptions.Item label={text.phone}>{d.customerPhone}</Descriptions.Item>
            <Descriptions.Item label={text.status}>
              <RecordStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label={text.auditor}>{d.auditorName || text.unassigned}</Descriptions.Item>
            <Descriptions.Item label={text.house} span={2}>
              {d.houseName}
            </Descriptions.Item>
            <Descriptions.Item label={text.distributor}>{orNone(d.distributorName)}</Descriptions.Item>
            <Descriptions.Item label={text.shop}>{orNone(d.shopName)}</Descriptions.Item>
            <Descriptions.Item label={text.reporter}>
              {d.reporterName} {d.reporterPhone}
            </Descriptions.Item>
            <Descriptions.Item label={text.channel}>{orNone(d.channelName)}</Descriptions.Item>
            <Descriptions.Item label={text.reportTime}>{d.createdAt}</Descriptions.Item>
            <Descriptions.Item label={text.visitTime}>{d.visitTime || text.expectedVisit(d.estimatedVisitTime)}</Descriptions.Item>
            <Descriptions.Item label={text.protectUntil}>{orNone(d.protectUntil)}</Descriptions.Item>
            <Descriptions.Item label={text.visitorNum}>{d.visitorNum}</Descriptions.Item>
            <Descriptions.Item label={text.daikan}>{orNone([d.dkName, d.dkPhone].filter(Boolean).join(' '))}</Descriptions.Item>
            <Descriptions.Item label={text.reception}>{orNone(d.reception)}</Descriptions.Item>
            <Descriptions.Item label={text.remark} span={2}>
              {orNone(d.remark)}
            </Descriptions.Item>
            {d.customerPics.length ? (
              <Descriptions.Item label={text.customerPics} span={2}>
                <Image.PreviewGroup>
                  <Space wrap>
                    {d.customerPics.map((url) => (
                      <Image key={url} src={url} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
                <Typography.Text type={d.picConsentAt ? 'secondary' : 'warning'} style={{ display: 'block', marginTop: 6 }} data-testid="record-pic-consent">
                  {d.picConsentAt ? text.picConsentRecorded(d.picConsentAt) : text.picConsentNotRecorded}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          {canReadDeals ? <DealSection recordId={d.id} status={d.status} onPaid={() => void settle()} /> : null}

          <section aria-label={text.sectionHistory}>
            <Typography.Title level={5}>{text.sectionHistory}</Typography.Title>
            {d.history.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.noHistory} />
            ) : (
              <Timeline
                items={[...d.history].reverse().map((h, i) => ({
                  key: i,
                  color: i === 0 ? 'blue' : 'gray',
                  children: (
                    <div>
                      <Space size={8}>
                        <RecordStatusTag status={h.status} />
                        <Typography.Text strong>{h.userName}</Typography.Text>
                        <Typography.Text type="secondary">{h.createdAt}</Typography.Text>
                      </Space>
                      {h.approvalResult ? <div style={{ marginTop: 4 }}>{h.approvalResult}</div> : null}
                      {h.visitTime ? (
                        <Typography.Text type="secondary">
                          {text.visitTime}：{h.visitTime}
                        </Typography.Text>
                      ) : null}
                    </div>
                  ),
                }))}
              />
            )}
          </section>

          <section aria-label={text.sectionImages}>
            <Typography.Title level={5}>{text.sectionImages}</Typography.Title>
            {d.images.length === 0 ? (
              <Typography.Text type="secondary">{text.noImages}</Typography.Text>
            ) : (
              <Image.PreviewGroup>
                <Space wrap>
                  {d.images.map((img) => (
                    <Image key={img.id} src={img.url} width={104} height={104} style={{ objectFit: 'cover', borderRadius: 4 }} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </section>

          <section aria-label={text.sectionDynamics}>
            <Typography.Title level={5}>{text.sectionDynamics}</Typography.Title>
            {d.dynamics.length === 0 ? (
              <Typography.Text type="secondary">{text.noDynamics}</Typography.Text>
            ) : (
              <List
                size="small"
                bordered
                dataSource={d.dynamics}
                renderItem={(item) => (
                  <List.Item>
                    <List.Item.Meta title={<Typography.Text>{item.remark}</Typography.Text>} description={`${item.userName} · ${item.createdAt}`} />
                  </List.Item>
                )}
              />
            )}
          </section>
        </Space>
      )}

      <Modal
        open={reassigning && !!d}
        title={text.reassignTitle}
        okText={text.confirm}
        cancelText={adminConsoleMessages.cancel}
        confirmLoading={busy}
        destroyOnHidden
        onCancel={() => {
          setReassigning(false);
          form.resetFields();
        }}
        onOk={async () => {
          const { auditorId } = await form.validateFields();
          if (d && auditorId) await doReassign(d, auditorId);
        }}
      >
        {d ? (
          <Form form={form} layout="vertical" preserve={false}>
            <Typography.Paragraph>{text.reassignCurrent(d.auditorName || text.unassigned)}</Typography.Paragraph>
            <Form.Item name="auditorId" label={text.reassignPick} rules={[{ required: true, message: text.reassignPickRequired }]}>
              <OptionSelect kind="auditor" blockDisabled exclude={d.auditorId} style={{ width: '100%' }} />
            </Form.Item>
            <Typography.Text type="secondary">{text.reassignHint}</Typography.Text>
          </Form>
        ) : null}
      </Modal>
    </Drawer>
  );
}

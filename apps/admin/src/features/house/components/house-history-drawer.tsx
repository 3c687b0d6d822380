import { adminConsoleMessages, adminHouseListMessages as text } from '@baobei/shared/messages/admin';
import { ROLE_LABELS, type Role } from '@baobei/shared/rules/roles';
import type { AdminHouseHistoryItem } from '@baobei/shared/schemas/admin-house';
import { Alert, Button, Card, Drawer, Empty, Pagination, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { HISTORY_PAGE_SIZE, useHouseHistory } from '../api/house-history';
import { actionName, fieldName, readableValue, type ValueNames } from './history-values';
import { shanghaiText } from '../../../lib/shanghai-text';

const ACTION_COLORS: Record<string, string> = {
  'house.create': 'green',
  'house.import': 'green',
  'house.update': 'blue',
  'house.withdraw': 'red',
  'house.restore': 'cyan',
  'house.external-link-renew': 'purple',
};

const roleName = (role: string) => (role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role);

function Change({ value }: { value: string }) {
  return (
    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
      {value}
    </Typography.Paragraph>
  );
}

function Entry({ item, names }: { item: AdminHouseHistoryItem; names: ValueNames }) {
  const rows = item.changes.map((c) => ({
    key: c.field,
    field: fieldName(c.field),
    old: readableValue(c.field, c.old, names),
    new: readableValue(c.field, c.new, names),
  }));
  return (
    <Card
      size="small"
      data-testid="house-history-entry"
      title={
        <Space size={8} wrap>
          <Tag color={ACTION_COLORS[item.action] ?? 'default'}>{actionName(item.action)}</Tag>
          <span>{text.historyActor(item.actorName, roleName(item.actorRole))}</span>
        </Space>
      }
      extra={
        <Space size={8}>
          {item.version !== null ? <Typography.Text type="secondary">{text.historyVersion(item.version)}</Typography.Text> : null}
          <Typography.Text type="secondary">{shanghaiText(item.createdAt, 'second')}</Typography.Text>
        </Space>
      }
    >
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{item.action === 'house.external-link-renew' ? text.historyLinkRenewed : text.historyNoFields}</Typography.Text>
      ) : (
        <Table
          size="small"
          pagination={false}
          tableLayout="fixed"
          dataSource={rows}
          columns={[
            { title: text.historyField, dataIndex: 'field', width: 160 },
            { title: text.historyOld, dataIndex: 'old', render: (v: string) => <Change value={v} /> },
            { title: text.historyNew, dataIndex: 'new', render: (v: string) => <Change value={v} /> },
          ]}
        />
      )}
    </Card>
  );
}

/**
 * 变更记录 (issue 15 item 6): a listing's audit rows, newest first: who (name and role), when,
 * and each changed field's old → new value, fields named in Chinese and values made readable
 * (the answer holds them as JSON text).
 */
export function HouseHistoryDrawer({ house, names, onClose }: { house: { id: number; name: string } | null; names: ValueNames; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useHouseHistory(house?.id ?? null, page);
  const data = history.data;

  let body;
  if (history.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (history.isError)
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={text.historyFailed}
        description={errorMessage(history.error, text.historyFailed)}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            {adminConsoleMessages.retry}
          </Button>
        }
      />
    );
  else if (!data || data.list.length === 0) body = <Empty description={text.historyEmpty} />;
  else
    body = (
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {data.list.map((item) => (
          <Entry key={item.id} item={item} names={names} />
        ))}
        {data.total > HISTORY_PAGE_SIZE ? (
          <Pagination align="end" current={page} pageSize={HISTORY_PAGE_SIZE} total={data.total} showTotal={text.historyTotal} showSizeChanger={false} onChange={setPage} />
        ) : null}
      </Space>
    );

  return (
    <Drawer
      open={house !== null}
      width={760}
      title={house ? text.historyTitle(house.name) : ''}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) setPage(1);
      }}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}

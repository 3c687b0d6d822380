import { adminPrivacyMessages as text } from '@baobei/shared/messages/admin/privacy';
import { PII_SOURCES, type AdminPrivacyRequestList } from '@baobei/shared/schemas/admin-privacy';
import { Alert, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { shanghaiText } from '../../../lib/shanghai-text';
import { usePiiRequests } from '../api/privacy';

type Row = AdminPrivacyRequestList['list'][number];

/** The counts in the sources' order (the database keeps a jsonb's keys in its own order). */
const countsText = (counts: Record<string, number>) =>
  [...PII_SOURCES, 'pictures']
    .filter((source) => counts[source] !== undefined)
    .map((source) => `${text.sources[source] ?? source} ${counts[source]}`)
    .join('，');

/** 处理记录: the company's handled requests, newest first (the phone is not kept, only its hash). */
export function PiiRequestTable() {
  const [page, setPage] = useState(1);
  const requests = usePiiRequests(page, 10);
  return (
    <Card size="small" title={text.history}>
      {requests.isError ? <Alert type="error" showIcon message={errorMessage(requests.error, text.history)} /> : null}
      <Table<Row>
        size="small"
        rowKey="id"
        loading={requests.isLoading}
        dataSource={requests.data?.list ?? []}
        pagination={{ current: page, pageSize: 10, total: requests.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: text.colCreatedAt, dataIndex: 'createdAt', width: 170, render: (v: string) => shanghaiText(v) },
          { title: text.colAction, dataIndex: 'action', width: 90, render: (v: string) => <Tag color={v === 'anonymise' ? 'red' : 'blue'}>{text.actions[v] ?? v}</Tag> },
          { title: text.colOperator, dataIndex: 'operatorName', width: 120 },
          { title: text.colReason, dataIndex: 'reason' },
          { title: text.colCounts, dataIndex: 'counts', render: (v: Record<string, number>) => countsText(v) },
        ]}
      />
    </Card>
  );
}

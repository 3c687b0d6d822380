import { adminAuditLogMessages as text } from '@baobei/shared/messages/admin';
import type { AdminAuditLogItem } from '@baobei/shared/schemas/admin-audit-log';
import { Table, Typography } from 'antd';

function Value({ value }: { value: string }) {
  return (
    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
      {value}
    </Typography.Paragraph>
  );
}

/** A row's changes as 字段 | 原值 | 新值 (the listing history's table, decision 043). */
export function AuditLogChanges({ item }: { item: AdminAuditLogItem }) {
  if (item.changes.length === 0) return <Typography.Text type="secondary">{text.noChanges}</Typography.Text>;
  // The server answers each field by its Chinese name and its values in the screens' words (docs/decisions/067).
  const rows = item.changes.map((c, i) => ({ key: `${c.field}-${i}`, field: c.label, old: c.oldText, new: c.newText }));
  return (
    <Table
      data-testid="audit-log-changes"
      size="small"
      pagination={false}
      tableLayout="fixed"
      dataSource={rows}
      style={{ maxWidth: 960 }}
      columns={[
        { title: text.field, dataIndex: 'field', width: 180 },
        { title: text.oldValue, dataIndex: 'old', render: (v: string) => <Value value={v} /> },
        { title: text.newValue, dataIndex: 'new', render: (v: string) => <Value value={v} /> },
      ]}
    />
  );
}

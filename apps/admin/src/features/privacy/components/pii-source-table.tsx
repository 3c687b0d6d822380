import { adminPrivacyMessages as text } from '@baobei/shared/messages/admin/privacy';
import type { AdminPrivacyFind } from '@baobei/shared/schemas/admin-privacy';
import { Card, Table } from 'antd';

type Source = AdminPrivacyFind['sources'][number];

/** One source's rows, its columns as the server named the fields (the person's file has the same). */
export function PiiSourceTable({ source }: { source: Source }) {
  const keys = [...new Set(source.rows.flatMap((r) => Object.keys(r.fields)))];
  return (
    <Card size="small" title={`${text.sources[source.source] ?? source.source}（${source.count}）`} style={{ marginBottom: 16 }} data-testid={`privacy-source-${source.source}`}>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={source.rows}
        columns={keys.map((key) => ({ title: key, key, render: (_: unknown, row: Source['rows'][number]) => row.fields[key] ?? '' }))}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

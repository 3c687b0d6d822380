import { ProCard } from '@ant-design/pro-components';
import { messages } from '@baobei/shared/messages';
import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import type { AuditorRanking } from '@baobei/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Typography, type TableColumnsType } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { getAuditors, type DashboardFilter } from '../api/dashboard';

type Row = AuditorRanking['list'][number];

/** Each auditor's reports of the period and the time from submit to the first status change (median, P90). */
export function AuditorCard({ filter }: { filter: DashboardFilter }) {
  const auditors = useQuery({
    queryKey: ['admin', 'dashboard', 'auditors', filter.from, filter.to],
    queryFn: ({ signal }) => getAuditors(filter, signal),
  });
  const columns: TableColumnsType<Row> = [
    { title: text.auditorColumns.name, dataIndex: 'name' },
    { title: text.auditorColumns.handled, dataIndex: 'handled', align: 'right', width: 90 },
    { title: text.auditorColumns.audited, dataIndex: 'audited', align: 'right', width: 90 },
    { title: text.auditorColumns.median, dataIndex: 'medianS', align: 'right', width: 140, render: (s: number | null) => text.duration(s) },
    { title: text.auditorColumns.p90, dataIndex: 'p90S', align: 'right', width: 140, render: (s: number | null) => text.duration(s) },
  ];
  const company = auditors.data?.company;
  return (
    <ProCard title={text.auditorTitle} tooltip={text.auditorHint} bordered headerBordered data-testid="dashboard-auditors">
      {auditors.isError ? (
        <Alert type="error" showIcon message={text.loadFailed} description={errorMessage(auditors.error, messages.common.requestException)} />
      ) : (
        <Table<Row>
          rowKey="id"
          size="small"
          loading={auditors.isLoading}
          columns={columns}
          dataSource={auditors.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: text.empty }}
          summary={() =>
            company && company.handled > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{text.companyAverage}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {company.handled}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {company.audited}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {text.duration(company.medianS)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {text.duration(company.p90S)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </ProCard>
  );
}

import type { ProColumns } from '@ant-design/pro-components';
import { adminDistributorMessages as text } from '@baobei/shared/messages/admin';
import { Typography } from 'antd';

/** The 负责人 column of the distributor and registration tables: the name, the phone under it. */
export function managerColumn<T extends { managerName: string; managerPhone: string }>(width: number): ProColumns<T> {
  return {
    title: text.manager,
    dataIndex: 'managerName',
    search: false,
    width,
    render: (_, row) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {row.managerName}
        <br />
        <Typography.Text type="secondary">{row.managerPhone}</Typography.Text>
      </span>
    ),
  };
}

import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import type { AdminCity } from '@baobei/shared/schemas/admin-home';
import { App, Button, Switch, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useCities, useUpdateCity } from '../api/home-content';
import { LoadFailed, useRefusal } from './content-parts';

type CityRow = AdminCity & { children?: CityRow[] };

/** The company's provinces with their cities under them, as the app's city picker groups them. */
function tree(cities: readonly AdminCity[]): CityRow[] {
  return cities
    .filter((c) => c.parentId === null)
    .map((p) => {
      const children = cities.filter((c) => c.parentId === p.id);
      return children.length ? { ...p, children } : { ...p };
    });
}

/** 城市: which cities the app offers, and the default city (the home page of a user who chose none). */
export function CityTab() {
  const cities = useCities();
  const update = useUpdateCity();
  const refusal = useRefusal(() => void cities.refetch());
  const { message } = App.useApp();
  const rows = useMemo(() => tree(cities.data ?? []), [cities.data]);

  const save = async (row: AdminCity, change: { enabled?: boolean; isDefault?: true }) => {
    try {
      await update.mutateAsync({ id: row.id, version: row.version, ...change });
      void message.success(rules.saved);
    } catch (error) {
      refusal.show(error);
    }
  };

  const columns: ProColumns<CityRow>[] = [
    {
      title: text.cityName,
      dataIndex: 'name',
      render: (_, row) => (row.parentId === null ? <Typography.Text strong>{row.name}</Typography.Text> : row.name),
    },
    {
      title: text.cityEnabled,
      dataIndex: 'enabled',
      width: 120,
      render: (_, row) => (
        <Switch
          checked={row.enabled}
          disabled={update.isPending}
          aria-label={`${text.cityEnabled} ${row.name}`}
          onChange={(enabled) => void save(row, { enabled })}
        />
      ),
    },
    {
      title: text.cityDefault,
      dataIndex: 'isDefault',
      width: 160,
      render: (_, row) =>
        row.isDefault ? (
          <Tag color="gold">{text.cityDefault}</Tag>
        ) : row.parentId !== null ? (
          <Button size="small" disabled={!row.enabled || update.isPending} onClick={() => void save(row, { isDefault: true })}>
            {text.citySetDefault}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      {refusal.alert}
      <ProTable<CityRow>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={cities.isLoading}
        search={false}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={cities.isError ? { emptyText: <LoadFailed error={cities.error} onRetry={() => void cities.refetch()} /> } : undefined}
        key={rows.length}
        options={{ density: false, setting: false, reload: () => void cities.refetch() }}
        headerTitle={<Typography.Text type="secondary">{text.cityTabHint}</Typography.Text>}
      />
    </>
  );
}

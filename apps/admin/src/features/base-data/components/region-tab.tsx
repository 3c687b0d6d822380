import { PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormDependency, ProFormDigit, ProFormText, ProTable, type ProColumns } from '@ant-design/pro-components';
import { adminBaseDataMessages as text, adminHomeContentMessages as homeText, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import { CITY_NAME_MAX, type AdminCity } from '@baobei/shared/schemas/admin-home';
import { App, Button, Empty, Form, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { citiesAmong, useCities, useCreateCity, useUpdateCity } from '../../../api/cities';
import { useMapConfig } from '../../../api/map-config';
import { LoadFailed, useRefusal } from '../../../components/list-parts';
import { MapPicker } from '../../../components/map-picker';
import { useConsoleAccess, writable } from '../../../lib/console-access';

type CityRow = AdminCity & { children?: CityRow[] };

/** The company's provinces, their cities under them and the cities' districts under those. */
function tree(cities: readonly AdminCity[], parentId: number | null = null): CityRow[] {
  return cities
    .filter((c) => c.parentId === parentId)
    .map((row) => {
      const children = tree(cities, row.id);
      return children.length ? { ...row, children } : { ...row };
    });
}

interface RegionForm {
  name: string;
  latitude?: number | null;
  longitude?: number | null;
  sort?: number | null;
}

/** What the dialog is for: a new province, a new city or district under `parent`, or a change of `row`. */
type Editing = { kind: 'province' } | { kind: 'city' | 'district'; parent: AdminCity } | { kind: 'edit'; row: AdminCity };

/** The dialog's title. */
function titleOf(editing: Editing | null): string {
  if (!editing) return '';
  if (editing.kind === 'province') return text.provinceTitle;
  if (editing.kind === 'edit') return text.editTitle(editing.row.name);
  return editing.kind === 'city' ? text.cityTitle(editing.parent.name) : text.districtTitle(editing.parent.name);
}

/** Both coordinates or neither, as the server requires; null for a blank one. */
const coordinate = (value: number | null | undefined) => (typeof value === 'number' ? value : null);

/**
 * 城市 (基础资料): the company's provinces, cities and districts. The operator adds a province, adds
 * cities under it and districts (区县) under a city with their centres (typed, or picked on the map when the company has a maps key),
 * renames and orders them; switches which the app offers and which is the default (a company's
 * first city becomes its default). Every rule is the server's; a refusal shows on its field.
 */
export function RegionTab() {
  const cities = useCities();
  const create = useCreateCity();
  const update = useUpdateCity();
  const mapConfig = useMapConfig();
  const refusal = useRefusal(() => void cities.refetch());
  const { message } = App.useApp();
  const [form] = Form.useForm<RegionForm>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const rows = useMemo(() => tree(cities.data ?? []), [cities.data]);
  /** A city: a row under a province (a district is under a city; docs/decisions/086). */
  const isCity = useMemo(() => {
    const ids = new Set(citiesAmong(cities.data ?? []).map((c) => c.id));
    return (row: AdminCity) => ids.has(row.id);
  }, [cities.data]);

  const save = async (row: AdminCity, change: { enabled?: boolean; isDefault?: true }) => {
    try {
      await update.mutateAsync({ id: row.id, version: row.version, ...change });
      void message.success(rules.saved);
    } catch (error) {
      refusal.show(error);
    }
  };

  const open = (next: Editing) => {
    refusal.clear();
    setEditing(next);
    const row = next.kind === 'edit' ? next.row : null;
    form.setFieldsValue({ name: row?.name ?? '', latitude: row?.latitude ?? null, longitude: row?.longitude ?? null, sort: row?.sort ?? 0 });
  };

  const submit = async (values: RegionForm) => {
    if (!editing) return false;
    // A province has no centre of its own here: its form leaves the coordinates alone.
    const province = editing.kind === 'province' || (editing.kind === 'edit' && editing.row.parentId === null);
    const centre = province ? {} : { latitude: coordinate(values.latitude), longitude: coordinate(values.longitude) };
    const fields = { name: values.name, ...centre, sort: values.sort ?? 0 };
    try {
      if (editing.kind === 'edit') {
        await update.mutateAsync({ id: editing.row.id, version: editing.row.version, ...fields });
        void message.success(rules.saved);
      } else {
        await create.mutateAsync({ parentId: editing.kind === 'province' ? null : editing.parent.id, ...fields });
        void message.success(rules.created);
      }
      setEditing(null);
      return true;
    } catch (error) {
      refusal.show(error, form, ['name', 'latitude', 'longitude', 'sort']);
      return false;
    }
  };

  const { canWrite } = useConsoleAccess('base');
  const columns: ProColumns<CityRow>[] = [
    {
      title: homeText.cityName,
      dataIndex: 'name',
      render: (_, row) => (row.parentId === null ? <Typography.Text strong>{row.name}</Typography.Text> : row.name),
    },
    {
      title: text.centre,
      dataIndex: 'latitude',
      width: 220,
      render: (_, row) =>
        row.latitude === null || row.longitude === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Typography.Text type="secondary">
            {row.longitude.toFixed(4)}, {row.latitude.toFixed(4)}
          </Typography.Text>
        ),
    },
    { title: text.sort, dataIndex: 'sort', width: 80 },
    {
      title: homeText.cityEnabled,
      dataIndex: 'enabled',
      width: 90,
      render: (_, row) => (
        <Switch
          checked={row.enabled}
          disabled={!canWrite || update.isPending}
          aria-label={`${homeText.cityEnabled} ${row.name}`}
          onChange={(enabled) => void save(row, { enabled })}
        />
      ),
    },
    {
      title: homeText.cityDefault,
      dataIndex: 'isDefault',
      width: 120,
      render: (_, row) =>
        row.isDefault ? (
          <Tag color="gold">{homeText.cityDefault}</Tag>
        ) : isCity(row) ? (
          <Button size="small" disabled={!canWrite || !row.enabled || update.isPending} onClick={() => void save(row, { isDefault: true })}>
            {homeText.citySetDefault}
          </Button>
        ) : null,
    },
    ...writable<ProColumns<CityRow>>(canWrite, [
      {
        title: text.actions,
        valueType: 'option',
        width: 180,
        render: (_, row) => [
          <a key="edit" onClick={() => open({ kind: 'edit', row })} aria-label={`${text.edit} ${row.name}`}>
            {text.edit}
          </a>,
          row.parentId === null ? (
            <a key="add" onClick={() => open({ kind: 'city', parent: row })} aria-label={`${text.addCity} ${row.name}`}>
              {text.addCity}
            </a>
          ) : isCity(row) ? (
            <a key="add" onClick={() => open({ kind: 'district', parent: row })} aria-label={`${text.addDistrict} ${row.name}`}>
              {text.addDistrict}
            </a>
          ) : null,
        ],
      },
    ]),
  ];

  const title = titleOf(editing);
  const isDistrict = editing?.kind === 'district' || (editing?.kind === 'edit' && editing.row.parentId !== null && !isCity(editing.row));
  const isProvince = editing?.kind === 'province' || (editing?.kind === 'edit' && editing.row.parentId === null);

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
        locale={{
          emptyText: cities.isError ? <LoadFailed error={cities.error} onRetry={() => void cities.refetch()} /> : <Empty description={text.empty} />,
        }}
        // A new region remounts the table, so every level shows expanded again.
        key={cities.data?.length ?? 0}
        options={{ density: false, setting: false, reload: () => void cities.refetch() }}
        headerTitle={<Typography.Text type="secondary">{homeText.cityTabHint}</Typography.Text>}
        toolBarRender={() =>
          writable(canWrite, [
            <Button key="province" type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: 'province' })}>
              {text.addProvince}
            </Button>,
          ])
        }
      />
      <ModalForm<RegionForm>
        title={title}
        open={editing !== null}
        form={form}
        width={520}
        layout="vertical"
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        onFinish={submit}
      >
        <ProFormText
          name="name"
          label={text.name}
          placeholder={isProvince ? text.namePlaceholderProvince : isDistrict ? text.namePlaceholderDistrict : text.namePlaceholderCity}
          fieldProps={{ maxLength: CITY_NAME_MAX }}
          rules={[{ required: true, whitespace: true, message: rules.cityNameRequired }]}
        />
        {isProvince ? null : (
          <>
            <Space align="start" size="middle">
              <ProFormDigit name="longitude" label={text.longitude} min={-180} max={180} fieldProps={{ precision: 6, style: { width: 180 } }} />
              <ProFormDigit name="latitude" label={text.latitude} min={-90} max={90} fieldProps={{ precision: 6, style: { width: 180 } }} />
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
              {text.centreHint}
            </Typography.Paragraph>
            {mapConfig.data?.mapKey ? (
              <ProFormDependency name={['longitude', 'latitude']}>
                {({ longitude, latitude }: { longitude?: unknown; latitude?: unknown }) => (
                  <div style={{ marginBottom: 16 }}>
                    <MapPicker
                      mapKey={mapConfig.data.mapKey}
                      securityCode={mapConfig.data.mapSecurityCode}
                      longitude={longitude}
                      latitude={latitude}
                      onConfirm={(point) => form.setFieldsValue({ longitude: point.lng, latitude: point.lat })}
                    />
                  </div>
                )}
              </ProFormDependency>
            ) : null}
          </>
        )}
        <ProFormDigit name="sort" label={text.sort} extra={text.sortHint} min={0} max={9999} fieldProps={{ precision: 0, style: { width: 160 } }} />
      </ModalForm>
    </>
  );
}

import { ProFormRadio, ProFormSelect, ProFormText, type ProColumns } from '@ant-design/pro-components';
import { adminHomeContentMessages as text, adminHomeMessages as rules } from '@baobei/shared/messages/admin';
import type { AdminBanner } from '@baobei/shared/schemas/admin-home';
import { IN_APP_PATH, PICTURE_URL } from '@baobei/shared/rules/console-fields';
import { Badge, DatePicker, Form, Image, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useHouseChoices } from '../api/home-content';
import { CityTag } from './content-parts';
import { ContentTable, useContentTab } from './content-table';
import { PictureField } from '../../../components/picture-field';

const HOUSE_LINK = /^\/house\/detail\/(\d+)$/;
const MINUTE = 'YYYY-MM-DD HH:mm';

interface BannerForm {
  cityId: number;
  image: string;
  title: string;
  linkType: 'none' | 'house' | 'page';
  linkHouseId?: number;
  linkPage?: string;
  startAt?: Dayjs | string | null;
  endAt?: Dayjs | string | null;
}

const minuteOf = (v: Dayjs | string | null | undefined) => (v ? dayjs(v).format(MINUTE) : '');

function formOf(banner: AdminBanner | null, cityId: number | undefined): Partial<BannerForm> {
  if (!banner) return { cityId: cityId ?? 0, linkType: 'none', image: '', title: '' };
  const house = HOUSE_LINK.exec(banner.link);
  return {
    cityId: banner.cityId ?? 0,
    image: banner.image,
    title: banner.title,
    linkType: house ? 'house' : banner.link ? 'page' : 'none',
    ...(house ? { linkHouseId: Number(house[1]) } : {}),
    linkPage: house ? '' : banner.link,
    startAt: banner.startAt ? dayjs(banner.startAt, MINUTE) : null,
    endAt: banner.endAt ? dayjs(banner.endAt, MINUTE) : null,
  };
}

function bodyOf(values: BannerForm) {
  const link = values.linkType === 'house' && values.linkHouseId ? `/house/detail/${values.linkHouseId}` : values.linkType === 'page' ? (values.linkPage ?? '').trim() : '';
  return {
    cityId: values.cityId || null,
    image: values.image.trim(),
    title: (values.title ?? '').trim(),
    link,
    startAt: minuteOf(values.startAt),
    endAt: minuteOf(values.endAt),
  };
}

/** A listing picked by part of its name (the banner's link to its detail page). */
function HousePicker({ id, value, onChange, cityId }: { id?: string; value?: number; onChange?: (v: number) => void; cityId: number | undefined }) {
  const [keyword, setKeyword] = useState('');
  const choices = useHouseChoices(keyword, cityId);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      options={choices.data ?? []}
      loading={choices.isFetching}
      placeholder={text.linkHousePlaceholder}
    />
  );
}

function BannerFormFields({ cityOptions }: { cityOptions: { label: string; value: number }[] }) {
  const linkType = Form.useWatch<BannerForm['linkType']>('linkType');
  const cityId = Form.useWatch<number>('cityId');
  return (
    <>
      <ProFormSelect name="cityId" label={text.city} options={cityOptions} allowClear={false} rules={[{ required: true }]} />
      <Form.Item
        name="image"
        label={text.image}
        extra={text.imageHint}
        rules={[
          { required: true, whitespace: true, message: rules.imageRequired },
          { pattern: PICTURE_URL, message: rules.pictureInvalid(text.image) },
        ]}
      >
        <PictureField width={128} height={64} fit="contain" />
      </Form.Item>
      <ProFormText name="title" label={text.title} fieldProps={{ maxLength: 40, showCount: true }} />
      <ProFormRadio.Group
        name="linkType"
        label={text.linkType}
        radioType="button"
        options={[
          { label: text.linkNone, value: 'none' },
          { label: text.linkHouse, value: 'house' },
          { label: text.linkPage, value: 'page' },
        ]}
      />
      {linkType === 'house' ? (
        <Form.Item name="linkHouseId" label={text.linkHouseLabel} rules={[{ required: true, message: text.linkHousePlaceholder }]}>
          <HousePicker cityId={cityId || undefined} />
        </Form.Item>
      ) : null}
      {linkType === 'page' ? (
        <ProFormText
          name="linkPage"
          label={text.linkPageLabel}
          extra={text.linkPageHint}
          rules={[{ required: true, pattern: IN_APP_PATH, message: text.linkPageHint }]}
        />
      ) : null}
      <Form.Item label={text.period} extra={text.periodHint} style={{ marginBottom: 0 }}>
        <Space>
          <Form.Item name="startAt">
            <DatePicker showTime={{ format: 'HH:mm' }} format={MINUTE} placeholder={text.periodStart} />
          </Form.Item>
          <Form.Item
            name="endAt"
            dependencies={['startAt']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, end: Dayjs | null) => {
                  const start = getFieldValue('startAt') as Dayjs | null;
                  return !start || !end || dayjs(end).isAfter(dayjs(start)) ? Promise.resolve() : Promise.reject(new Error(rules.periodInvalid));
                },
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format={MINUTE} placeholder={text.periodEnd} />
          </Form.Item>
        </Space>
      </Form.Item>
    </>
  );
}

const FIELDS = ['cityId', 'image', 'title', 'startAt', 'endAt'] as const;

/** 轮播图: a city's banners in the app's order, added, edited, moved and deleted. */
export function BannerTab({ cityId, cityOptions }: { cityId: number | undefined; cityOptions: { label: string; value: number }[] }) {
  const tab = useContentTab<'banner', BannerForm>('banner', cityId, {
    initial: (banner) => formOf(banner, cityId),
    body: bodyOf,
    fields: [...FIELDS, 'link'],
  });

  const columns: ProColumns<AdminBanner>[] = [
    { title: text.image, dataIndex: 'image', width: 180, render: (_, row) => <Image src={row.image} width={150} height={75} style={{ objectFit: 'cover', borderRadius: 6 }} alt={row.title} /> },
    { title: text.title, dataIndex: 'title', ellipsis: true },
    { title: text.city, dataIndex: 'cityName', width: 110, render: (_, row) => <CityTag cityId={row.cityId} cityName={row.cityName} /> },
    { title: text.link, dataIndex: 'link', ellipsis: true, render: (_, row) => (row.link ? <Typography.Text code>{row.link}</Typography.Text> : <Typography.Text type="secondary">{text.linkNone}</Typography.Text>) },
    {
      title: text.period,
      width: 200,
      render: (_, row) => (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.startAt || text.periodOpen} ~ {row.endAt || text.periodOpen}
        </Typography.Text>
      ),
    },
    { title: text.status, dataIndex: 'live', width: 120, render: (_, row) => <Badge status={row.live ? 'success' : 'default'} text={row.live ? text.live : text.notLive} /> },
  ];

  return (
    <ContentTable<'banner', BannerForm> tab={tab} label={text.tabBanner} columns={columns} formWidth={680}>
      <BannerFormFields cityOptions={cityOptions} />
    </ContentTable>
  );
}

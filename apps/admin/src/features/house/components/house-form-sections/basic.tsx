import { adminHouseFormMessages as text, adminHouseMessages } from '@baobei/shared/messages/admin';
import { ProFormDigit, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Col, Row } from 'antd';
import { SELLING_STATUS_TEXT, SELLING_STATUSES } from '@baobei/shared/rules/house';
import type { useHouseOptions } from '../../api/house-options';
import { Section } from './section';

/**
 * 基本信息: name, city, selling status, tags, features and sort. `kept`: the listing's own features,
 * offered beside the company's active ones, so a retired feature it has keeps its name (decision 078).
 */
export function BasicSection({ options, kept }: { options: ReturnType<typeof useHouseOptions>; kept: readonly { id: number; name: string }[] }) {
  const active = options.data?.features ?? [];
  const featureOptions = [
    ...active,
    ...kept.filter((f) => !active.some((o) => o.value === f.id)).map((f) => ({ label: `${f.name}${text.featureRetired}`, value: f.id })),
  ];
  return (
    <Section id="house-basic">
      <Row gutter={24}>
        <Col xs={24} xl={12}>
          <ProFormText
            name="name"
            label={text.name}
            fieldProps={{ maxLength: 60, showCount: true }}
            rules={[{ required: true, whitespace: true, message: adminHouseMessages.nameRequired }]}
          />
        </Col>
        <Col xs={12} xl={6}>
          <ProFormSelect
            name="cityId"
            label={text.city}
            options={options.data?.cities ?? []}
            fieldProps={{ loading: options.isPending, showSearch: true, optionFilterProp: 'label' }}
            rules={[{ required: true, message: adminHouseMessages.cityRequired }]}
          />
        </Col>
        <Col xs={12} xl={6}>
          <ProFormSelect
            name="sellingStatus"
            label={text.sellingStatus}
            allowClear={false}
            options={SELLING_STATUSES.map((value) => ({ value, label: SELLING_STATUS_TEXT[value] }))}
          />
        </Col>
        <Col xs={24} xl={10}>
          <ProFormSelect
            name="tags"
            label={text.tags}
            mode="tags"
            fieldProps={{ open: false, suffixIcon: null, tokenSeparators: [',', '，'], maxCount: 10 }}
            placeholder={text.tagsPlaceholder}
          />
        </Col>
        <Col xs={16} xl={10}>
          <ProFormSelect name="featureIds" label={text.features} mode="multiple" options={featureOptions} fieldProps={{ maxCount: 20, loading: options.isPending }} />
        </Col>
        <Col xs={8} xl={4}>
          <ProFormDigit name="sort" label={text.sort} tooltip={text.sortHint} min={0} max={1_000_000} fieldProps={{ precision: 0, style: { width: '100%' } }} />
        </Col>
      </Row>
    </Section>
  );
}

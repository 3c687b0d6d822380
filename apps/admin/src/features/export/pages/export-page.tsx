import { PageContainer } from '@ant-design/pro-components';
import { api } from '@baobei/shared/contract';
import { adminExportMessages as text } from '@baobei/shared/messages/admin';
import { adminDealMessages as dealText } from '@baobei/shared/messages/admin-deal';
import { DATE_PRESETS, RECORD_LIST_PRESET_CODES } from '@baobei/shared/rules/date-presets';
import { RECORD_STATUSES, RECORD_STATUS_TEXT } from '@baobei/shared/rules/record-status';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import { STATISTICS_DATE_OPTIONS } from '@baobei/shared/rules/statistics';
import { EXPORT_BYTES_PER_ROW } from '@baobei/shared/schemas/admin-export';
import { Alert, Card, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { useExportOptions } from '../api/export-options';

const CUSTOM = 99;
const recordPresets = DATE_PRESETS.filter((p) => RECORD_LIST_PRESET_CODES.includes(p.value)).map((p) => ({ value: p.value, label: p.text }));
const statusOptions = [{ value: '', label: text.allStatuses }, ...RECORD_STATUSES.map((s) => ({ value: s, label: RECORD_STATUS_TEXT[s] }))];
const roleOptions = [
  { value: '', label: text.allRoles },
  { value: 'DIANZHANG', label: ROLE_LABELS.DIANZHANG },
  { value: 'YUEWUYUAN', label: ROLE_LABELS.YUEWUYUAN },
];
const activeOptions = [
  { value: -1, label: text.all },
  { value: 1, label: text.active },
  { value: 0, label: text.inactive },
];
const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/** A listing or distributor picked among the company's, searched by name on the server. */
function OptionPicker({ id, kind, value, onChange, allLabel }: { id: string; kind: 'house' | 'distributor'; value?: number; onChange: (v?: number) => void; allLabel: string }) {
  const [keyword, setKeyword] = useState('');
  const options = useExportOptions(kind, keyword);
  return (
    <Select
      id={id}
      allowClear
      showSearch
      filterOption={false}
      placeholder={allLabel}
      value={value}
      onChange={(v?: number) => onChange(v)}
      onSearch={setKeyword}
      loading={options.isFetching}
      options={(options.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
      style={{ width: '100%' }}
      data-testid={`export-${kind}`}
    />
  );
}

/**
 * 数据导出 (issue 16, item 4; docs/decisions/049): the three Excel files with their filters. The
 * report table's own 导出Excel exports what the table shows; here the same file by status,
 * time, listing and distributor, the statistics of a period, and the distributors' staff.
 */
export function ExportPage() {
  const [status, setStatus] = useState('');
  const [preset, setPreset] = useState(0);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [houseId, setHouseId] = useState<number>();
  const [distributorId, setDistributorId] = useState<number>();
  const [dateType, setDateType] = useState(0);
  const [paymentsDateType, setPaymentsDateType] = useState(0);
  const [staffDistributor, setStaffDistributor] = useState<number>();
  const [role, setRole] = useState('');
  const [active, setActive] = useState(-1);
  const [keyword, setKeyword] = useState('');

  const custom = preset === CUSTOM;
  const recordsQuery = {
    status: status || undefined,
    datePreset: custom ? (range ? CUSTOM : undefined) : preset || undefined,
    dateFrom: custom && range ? day(range[0]) : undefined,
    dateTo: custom && range ? day(range[1]) : undefined,
    houseId,
    distributorId,
  };

  return (
    <PageContainer title={text.pageTitle}>
      <Alert type="info" showIcon message={text.pageHint} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={text.recordsCard} extra={<ExportButton endpoint={api.adminExport.records} query={recordsQuery} bytesPerRow={EXPORT_BYTES_PER_ROW.records} type="primary" />} data-testid="export-records-card">
            <Typography.Paragraph type="secondary">{text.recordsCardHint}</Typography.Paragraph>
            <Form layout="vertical">
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item label={text.status} htmlFor="export-records-status">
                    <Select id="export-records-status" value={status} onChange={setStatus} options={statusOptions} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label={text.reportTime} htmlFor="export-records-preset">
                    <Select id="export-records-preset" value={preset} onChange={(v: number) => setPreset(v)} options={recordPresets} />
                  </Form.Item>
                </Col>
                {custom ? (
                  <Col span={24}>
                    <Form.Item label={DATE_PRESETS.find((p) => p.value === CUSTOM)?.text} htmlFor="export-records-range">
                      <DatePicker.RangePicker id="export-records-range" value={range} onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                ) : null}
                <Col span={12}>
                  <Form.Item label={text.house} htmlFor="export-records-house">
                    <OptionPicker id="export-records-house" kind="house" value={houseId} onChange={setHouseId} allLabel={text.allHouses} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label={text.distributor} htmlFor="export-records-distributor">
                    <OptionPicker id="export-records-distributor" kind="distributor" value={distributorId} onChange={setDistributorId} allLabel={text.allDistributors} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </Card>
          <Card
            title={dealText.paymentsCard}
            extra={<ExportButton endpoint={api.adminExport.payments} query={{ dateType: paymentsDateType }} bytesPerRow={EXPORT_BYTES_PER_ROW.payments} type="primary" />}
            style={{ marginTop: 16 }}
            data-testid="export-payments-card"
          >
            <Typography.Paragraph type="secondary">{dealText.paymentsCardHint}</Typography.Paragraph>
            <Form layout="vertical">
              <Form.Item label={dealText.exportPaidOn} htmlFor="export-payments-period">
                <Select
                  id="export-payments-period"
                  value={paymentsDateType}
                  onChange={(v: number) => setPaymentsDateType(v)}
                  options={STATISTICS_DATE_OPTIONS.map((o) => ({ value: o.value, label: o.text }))}
                  style={{ maxWidth: 280 }}
                />
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={text.statisticsCard}
            extra={<ExportButton endpoint={api.adminExport.statistics} query={{ dateType }} bytesPerRow={EXPORT_BYTES_PER_ROW.statistics} type="primary" />}
            style={{ marginBottom: 16 }}
            data-testid="export-statistics-card"
          >
            <Typography.Paragraph type="secondary">{text.statisticsCardHint}</Typography.Paragraph>
            <Form layout="vertical">
              <Form.Item label={text.period} htmlFor="export-statistics-period">
                <Select id="export-statistics-period" value={dateType} onChange={(v: number) => setDateType(v)} options={STATISTICS_DATE_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} style={{ maxWidth: 280 }} />
              </Form.Item>
            </Form>
          </Card>
          <Card
            title={text.staffCard}
            extra={
              <ExportButton
                endpoint={api.adminExport.staff}
                query={{ distributorId: staffDistributor, role: role || undefined, active: active < 0 ? undefined : active, keyword: keyword.trim() || undefined }}
                bytesPerRow={EXPORT_BYTES_PER_ROW.staff}
                type="primary"
              />
            }
            data-testid="export-staff-card"
          >
            <Typography.Paragraph type="secondary">{text.staffCardHint}</Typography.Paragraph>
            <Form layout="vertical">
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item label={text.distributor} htmlFor="export-staff-distributor">
                    <OptionPicker id="export-staff-distributor" kind="distributor" value={staffDistributor} onChange={setStaffDistributor} allLabel={text.allDistributors} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label={text.role} htmlFor="export-staff-role">
                    <Select id="export-staff-role" value={role} onChange={setRole} options={roleOptions} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label={text.activeFilter} htmlFor="export-staff-active">
                    <Select id="export-staff-active" value={active} onChange={(v: number) => setActive(v)} options={activeOptions} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item label={text.keyword} htmlFor="export-staff-keyword">
                    <Input id="export-staff-keyword" allowClear value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={text.keywordPlaceholder} maxLength={30} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}

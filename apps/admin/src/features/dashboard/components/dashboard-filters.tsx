import { dashboardMessages as text } from '@baobei/shared/messages/dashboard';
import { TREND_GRAINS, type TrendGrain } from '@baobei/shared/rules/channel-dashboard';
import { Button, DatePicker, Flex, Segmented, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CitySelect } from '../../../components/city-select';
import { OptionSelect } from '../../../components/option-select';
import type { DashboardFilter } from '../api/dashboard';

const DAY = 'YYYY-MM-DD';

/** The period presets (Shanghai days; the console runs in the company's zone). */
function presets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = dayjs().startOf('day');
  return [
    { label: text.presets.last7, value: [today.subtract(6, 'day'), today] },
    { label: text.presets.last30, value: [today.subtract(29, 'day'), today] },
    { label: text.presets.thisMonth, value: [today.startOf('month'), today] },
    { label: text.presets.lastMonth, value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month').startOf('day')] },
    { label: text.presets.last90, value: [today.subtract(89, 'day'), today] },
    { label: text.presets.thisYear, value: [today.startOf('year'), today] },
  ];
}

interface Props {
  filter: DashboardFilter;
  onChange: (filter: DashboardFilter) => void;
}

/**
 * 统计时间, 粒度, and one of 城市, 楼盘, 分销商 (the kept counts hold each alone: choosing one
 * clears the other two, docs/decisions/087).
 */
export function DashboardFilters({ filter, onChange }: Props) {
  const scope = (next: Partial<Pick<DashboardFilter, 'cityId' | 'houseId' | 'distributorId'>>) =>
    onChange({ ...filter, cityId: undefined, houseId: undefined, distributorId: undefined, shopId: undefined, reporterId: undefined, ...next });
  // A shop or a broker picked from a ranking has no select of its own: a way back to the company.
  const picked = filter.shopId !== undefined || filter.reporterId !== undefined;

  return (
    <Flex wrap gap={12} align="center" data-testid="dashboard-filters">
      <DatePicker.RangePicker
        aria-label={text.period}
        allowClear={false}
        value={[dayjs(filter.from), dayjs(filter.to)]}
        presets={presets()}
        disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange({ ...filter, from: range[0].format(DAY), to: range[1].format(DAY) });
        }}
      />
      <Segmented<TrendGrain>
        aria-label={text.grain}
        value={filter.grain}
        options={TREND_GRAINS.map((g) => ({ value: g.key, label: g.label }))}
        onChange={(grain) => onChange({ ...filter, grain })}
      />
      <Tooltip title={text.scopeHint}>
        <Flex gap={8} wrap>
          <CitySelect aria-label={text.city} placeholder={text.allCities} style={{ width: 150 }} value={filter.cityId} onChange={(cityId) => scope({ cityId })} />
          <OptionSelect kind="house" placeholder={text.allHouses} style={{ width: 200 }} value={filter.houseId} onChange={(houseId) => scope({ houseId })} />
          <OptionSelect kind="distributor" placeholder={text.allDistributors} style={{ width: 200 }} value={filter.distributorId} onChange={(distributorId) => scope({ distributorId })} />
        </Flex>
      </Tooltip>
      {picked ? (
        <Button type="link" onClick={() => scope({})} data-testid="dashboard-scope-clear">
          {text.scopeClear}
        </Button>
      ) : null}
    </Flex>
  );
}

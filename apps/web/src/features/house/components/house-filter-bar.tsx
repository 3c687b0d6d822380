import { messages } from '@baobei/shared/messages';
import { DEFAULT_COMMISSION_PROPERTY } from '@baobei/shared/rules/commission-rank';
import { BUILDING_PROPERTIES, BUILDING_PROPERTY_KEYS } from '@baobei/shared/rules/house';
import type { HouseListFilters, SearchInfo } from '@baobei/shared/schemas/house';
import { DotLoading, Dropdown, type DropdownRef } from 'antd-mobile';
import { useMemo, useRef, type ReactNode } from 'react';
import { areaTitle, optionTitle, withUnlimited } from '../model/house-list-filters';
import { AreaPanel } from './area-panel';
import { OptionList } from '../../../components/option-list';
import styles from './filter-panels.module.css';

const listText = messages.houseList;

export interface HouseFilterBarProps {
  info: SearchInfo | undefined;
  infoFailed: boolean;
  onRetryInfo: () => void;
  filters: HouseListFilters;
  onChange: (patch: Partial<HouseListFilters>) => void;
  /** Signed in: the 排序 filter (佣金从高到低 per property type, decision 090); a visitor sees no commission. */
  signedIn: boolean;
}

/** 排序's options: the default order, then 佣金从高到低 for each property type (value `COMMISSION:<type>`). */
const SORT_OPTIONS = [
  { text: listText.sortDefault, value: '' },
  ...BUILDING_PROPERTY_KEYS.map((key) => ({ text: listText.sortCommission(BUILDING_PROPERTIES[key]), value: `COMMISSION:${key}` })),
];

const sortValue = (filters: HouseListFilters) =>
  filters.order === 'COMMISSION' ? `COMMISSION:${filters.commissionProperty || DEFAULT_COMMISSION_PROPERTY}` : '';

/** The filters an 排序 option sets: the order and the property type the commission is read for. */
function sortPatch(value: string): Partial<HouseListFilters> {
  const property = BUILDING_PROPERTY_KEYS.find((key) => value === `COMMISSION:${key}`);
  return property ? { order: 'COMMISSION', commissionProperty: property } : { order: '', commissionProperty: '' };
}


/** The four filters of the house list (part 1, section 2): area, price, type (feature), status; and 排序 when signed in. */
export function HouseFilterBar({ info, infoFailed, onRetryInfo, filters, onChange, signedIn }: HouseFilterBarProps) {
  const ref = useRef<DropdownRef>(null);
  const pick = (patch: Partial<HouseListFilters>) => {
    ref.current?.close();
    onChange(patch);
  };

  const options = useMemo(
    () => ({
      price: withUnlimited(info?.priceList ?? [], '', listText.unlimited),
      type: withUnlimited(info?.houseTeseList ?? [], 0, listText.unlimited),
      status: withUnlimited(info?.statusList ?? [], '', listText.unlimited),
    }),
    [info],
  );

  const waiting = (content: (ready: SearchInfo) => ReactNode): ReactNode => {
    if (info) return content(info);
    if (infoFailed) {
      return (
        <button type="button" className={`${styles.panelState} ${styles.panelRetry}`} onClick={onRetryInfo}>
          {listText.optionsFailed}
        </button>
      );
    }
    return (
      <div className={styles.panelState}>
        <DotLoading />
      </div>
    );
  };

  return (
    <Dropdown ref={ref} data-testid="house-filters">
      <Dropdown.Item
        key="area"
        title={info ? areaTitle(info.areaList, filters.areaId, listText.area) : listText.area}
        highlight={filters.areaId !== 0}
        destroyOnClose
      >
        {waiting((ready) => (
          <AreaPanel areas={ready.areaList} value={filters.areaId} onPick={(areaId) => pick({ areaId })} />
        ))}
      </Dropdown.Item>
      <Dropdown.Item key="price" title={optionTitle(options.price, filters.price, '', listText.price)} highlight={filters.price !== ''}>
        {waiting(() => (
          <OptionList options={options.price} value={filters.price} onPick={(price) => pick({ price })} testId="filter-price" />
        ))}
      </Dropdown.Item>
      <Dropdown.Item
        key="type"
        title={optionTitle(options.type, filters.houseTese, 0, listText.type)}
        highlight={filters.houseTese !== 0}
      >
        {waiting(() => (
          <OptionList
            options={options.type}
            value={filters.houseTese}
            onPick={(houseTese) => pick({ houseTese })}
            testId="filter-type"
          />
        ))}
      </Dropdown.Item>
      <Dropdown.Item
        key="status"
        title={optionTitle(options.status, filters.sellingStatus, '', listText.status)}
        highlight={filters.sellingStatus !== ''}
      >
        {waiting(() => (
          <OptionList
            options={options.status}
            value={filters.sellingStatus}
            onPick={(status) => pick({ sellingStatus: status as HouseListFilters['sellingStatus'] })}
            testId="filter-status"
          />
        ))}
      </Dropdown.Item>
      {signedIn && (
        <Dropdown.Item
          key="sort"
          title={filters.order === 'COMMISSION' ? listText.sortCommissionShort : listText.sort}
          highlight={filters.order !== ''}
        >
          <OptionList options={SORT_OPTIONS} value={sortValue(filters)} onPick={(value) => pick(sortPatch(value))} testId="filter-sort" />
        </Dropdown.Item>
      )}
    </Dropdown>
  );
}

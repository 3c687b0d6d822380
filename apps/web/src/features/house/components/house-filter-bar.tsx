import { messages } from '@baobei/shared/messages';
import type { HouseListFilters, SearchInfo } from '@baobei/shared/schemas/house';
import { DotLoading, Dropdown, type DropdownRef } from 'antd-mobile';
import { useMemo, useRef, type ReactNode } from 'react';
import { areaTitle, optionTitle, withUnlimited } from '../model/house-list-filters';
import { AreaPanel } from './area-panel';
import { OptionList } from '../../../components/option-list';
import styles from './filter-panels.module.css';

export interface HouseFilterBarProps {
  info: SearchInfo | undefined;
  infoFailed: boolean;
  onRetryInfo: () => void;
  filters: HouseListFilters;
  onChange: (patch: Partial<HouseListFilters>) => void;
}

const listText = messages.houseList;

/** The four filters of the house list (part 1, section 2): area, price, type (feature), status. */
export function HouseFilterBar({ info, infoFailed, onRetryInfo, filters, onChange }: HouseFilterBarProps) {
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
    </Dropdown>
  );
}

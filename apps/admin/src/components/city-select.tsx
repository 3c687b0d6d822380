import { adminRecordMessages as text } from '@baobei/shared/messages/admin';
import { Select } from 'antd';
import { useMemo } from 'react';
import { citiesAmong, useCities } from '../api/cities';

interface Props {
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  'aria-label'?: string;
}

/** A select of the company's cities (the regions under a province; districts are not cities). */
export function CitySelect({ value, onChange, placeholder, style, id, ...rest }: Props) {
  const cities = useCities();
  const options = useMemo(() => citiesAmong(cities.data ?? []).map((c) => ({ value: c.id, label: c.name })), [cities.data]);
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label']}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={placeholder ?? text.selectPlaceholder}
      style={style}
      loading={cities.isLoading}
      value={value}
      options={options}
      onChange={(v) => onChange?.(v)}
    />
  );
}

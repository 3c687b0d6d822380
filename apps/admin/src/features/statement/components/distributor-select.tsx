import { statementMessages as text } from '@baobei/shared/messages/statement';
import type { AdminRecordOption } from '@baobei/shared/schemas/admin-record';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { distributorOptions } from '../api/statements';

/** A distributor of the company, searched by name on the server as the operator types. */
export function DistributorSelect({ value, onChange, id }: { value?: number; onChange?: (value: number | undefined) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<AdminRecordOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      distributorOptions(keyword.trim(), controller.signal)
        .then(setOptions)
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);
  return (
    <Select
      id={id}
      allowClear
      showSearch
      filterOption={false}
      placeholder={text.distributorPlaceholder}
      value={value}
      onChange={(v?: number) => onChange?.(v)}
      onSearch={setKeyword}
      loading={loading}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      data-testid="statement-distributor"
    />
  );
}

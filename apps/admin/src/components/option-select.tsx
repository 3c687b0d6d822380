import { adminRecordMessages as text } from '@baobei/shared/messages/admin';
import type { AdminRecordOption } from '@baobei/shared/schemas/admin-record';
import { Select, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { recordOptions, type RecordOptionKind } from '../api/record-options';

interface Props {
  kind: RecordOptionKind;
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  /** Choices the server marks (on vacation, disabled) cannot be picked: reassignment. */
  blockDisabled?: boolean;
  /** Left out of the choices (the report's current auditor). */
  exclude?: number | null;
  style?: React.CSSProperties;
  id?: string;
}

/** A select of the company's listings, distributors, brokers or auditors, searched on the server as the operator types. */
export function OptionSelect({ kind, value, onChange, placeholder, blockDisabled, exclude, style, id }: Props) {
  const [keyword, setKeyword] = useState('');
  // The options with the keyword they answer: while a newer search is on its way none is shown,
  // so a click never lands on a stale list as the fresh one replaces it.
  const [answered, setAnswered] = useState<{ keyword: string | null; options: AdminRecordOption[] }>({ keyword: null, options: [] });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Labels of options chosen before, so the value keeps its name when a search no longer lists it.
  const [known, setKnown] = useState<Map<number, string>>(new Map());

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      recordOptions(kind, keyword.trim(), controller.signal)
        .then((list) => {
          setAnswered({ keyword, options: list });
          setFailed(false);
          setKnown((old) => new Map([...old, ...list.map((o) => [o.value, o.label] as const)]));
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [kind, keyword]);

  const options = answered.keyword === keyword ? answered.options : [];
  const shown = options.filter((o) => o.value !== exclude);
  const withValue = value !== undefined && !shown.some((o) => o.value === value) ? [{ value, label: known.get(value) ?? String(value), disabled: false }, ...shown] : shown;

  return (
    <Select<number>
      id={id}
      allowClear
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      onClear={() => setKeyword('')}
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={loading}
      placeholder={placeholder ?? text.selectPlaceholder}
      // Searching, a spinner rather than an empty list; nothing found, antd's own 暂无数据.
      notFoundContent={failed ? text.optionsFailed : answered.keyword !== keyword || loading ? <Spin size="small" /> : undefined}
      style={style}
      options={withValue.map((o) => ({
        value: o.value,
        disabled: blockDisabled && o.disabled,
        label: o.label,
        title: o.label,
        display: o.disabled ? (
          <span>
            {o.label} <Tag style={{ marginInlineStart: 4 }}>{kind === 'auditor' ? text.onVacation : text.inactive}</Tag>
          </span>
        ) : (
          o.label
        ),
      }))}
      optionRender={(option) => option.data.display}
    />
  );
}

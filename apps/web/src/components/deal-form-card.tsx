import { messages } from '@baobei/shared/messages';
import { BUILDING_PROPERTIES, type BuildingProperty } from '@baobei/shared/rules/house';
import { Input, List } from 'antd-mobile';
import { useState } from 'react';
import { ImageUploader } from './image-uploader';
import { DatePicker, Picker } from './lazy-overlays';
import { pickerLabel } from '../lib/audit-visit-time';
import type { DealDraft } from '../lib/deal-form';
import styles from './list-form-card.module.css';

const text = messages.deal.form;

/** The picker's day as shown (its local calendar fields). */
const toDay = (value: Date) =>
  `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

/**
 * The deal's fields at 成交 (issue 17, item 5): unit, area, price, signing date, property type,
 * contract picture. On the audit page (features/tracking) and in 录入成交 (features/deal).
 */
export function DealFormCard({ value, onChange, onUploadingChange }: { value: DealDraft; onChange: (d: DealDraft) => void; onUploadingChange: (on: boolean) => void }) {
  const [dateOpen, setDateOpen] = useState(false);
  const [typeOpen, setTypeOpen] = useState(false);
  const set = (patch: Partial<DealDraft>) => onChange({ ...value, ...patch });
  const field = (key: 'building' | 'room' | 'floorArea' | 'totalPrice', label: string, numeric = false) => (
    <List.Item title={label}>
      <Input
        value={value[key]}
        onChange={(v) => set({ [key]: v })}
        placeholder={text.placeholder}
        inputMode={numeric ? 'decimal' : 'text'}
        maxLength={numeric ? 16 : 40}
        clearable
        data-testid={`deal-${key}`}
      />
    </List.Item>
  );

  return (
    <section className={styles.form} data-testid="deal-form">
      <List header={text.title}>
        {field('building', text.building)}
        {field('room', text.room)}
        {field('floorArea', text.floorArea, true)}
        {field('totalPrice', text.totalPrice, true)}
        <List.Item
          extra={value.signedOn || <span className={styles.muted}>{text.choose}</span>}
          clickable
          onClick={() => setDateOpen(true)}
          data-testid="deal-signedOn"
        >
          {text.signedOn}
        </List.Item>
        <List.Item
          extra={value.propertyType ? BUILDING_PROPERTIES[value.propertyType] : <span className={styles.muted}>{text.choose}</span>}
          clickable
          onClick={() => setTypeOpen(true)}
          data-testid="deal-propertyType"
        >
          {text.propertyType}
        </List.Item>
        <List.Item title={text.contract} description={text.hint}>
          <ImageUploader value={value.contract} onChange={(contract) => set({ contract })} onUploadingChange={onUploadingChange} maxCount={1} testId="deal-contract" />
        </List.Item>
      </List>
      <DatePicker
        visible={dateOpen}
        title={text.signedOn}
        precision="day"
        min={new Date(2020, 0, 1)}
        max={new Date()}
        defaultValue={new Date()}
        renderLabel={pickerLabel}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
        onClose={() => setDateOpen(false)}
        onConfirm={(day) => set({ signedOn: toDay(day) })}
      />
      <Picker
        visible={typeOpen}
        title={text.propertyType}
        columns={[Object.entries(BUILDING_PROPERTIES).map(([code, label]) => ({ label, value: code }))]}
        value={value.propertyType ? [value.propertyType] : []}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
        onClose={() => setTypeOpen(false)}
        onConfirm={(picked) => {
          const chosen = picked[0];
          if (typeof chosen === 'string') set({ propertyType: chosen as BuildingProperty });
        }}
      />
    </section>
  );
}

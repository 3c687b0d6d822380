import { messages } from '@baobei/shared/messages';
import type { RecordStatus } from '@baobei/shared/rules/record-status';
import { List, Switch, TextArea } from 'antd-mobile';
import { useMemo, useState } from 'react';
import card from '../../../components/list-form-card.module.css';
import { DatePicker, Picker } from '../../../components/lazy-overlays';
import { auditVisitBounds, pickerLabel, pickerToText } from '../../../lib/audit-visit-time';
import { asksVisitTime, auditChoices, auditFormOpen, type AuditFormAction, type AuditFormState } from '../model/audit-form';
import styles from './record-audit.module.css';

const recordText = messages.recordTrack;

export interface AuditFormCardProps {
  state: AuditFormState;
  dispatch: (action: AuditFormAction) => void;
  /** The server's recordStatusList texts (RECORDSTANDBY → 处理中). */
  statusText: (status: RecordStatus) => string;
  /** Reject turned on: the 4-second hint. */
  onRebackOn: () => void;
}

/** Status, reject switch, actual visit time and opinion (part 2, sections 2.3, 4 and 5). */
export function AuditFormCard({ state, dispatch, statusText, onRebackOn }: AuditFormCardProps) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [dateOpen, setDateOpen] = useState(false);
  // Fixed when the picker opens: 2020-01-01 to that minute.
  const [now, setNow] = useState(() => new Date());
  const bounds = useMemo(() => auditVisitBounds(now), [now]);
  const choices = auditChoices(state);
  const pickerBlocked = state.reback || choices.length === 0;

  return (
    <section className={card.form} data-testid="audit-form">
      <List>
        <List.Item
          extra={
            state.status ? (
              <span data-testid="audit-status" data-status={state.status}>
                {statusText(state.status)}
              </span>
            ) : (
              <span className={card.muted}>{recordText.statusNoChoice}</span>
            )
          }
          arrowIcon={!pickerBlocked}
          clickable={!pickerBlocked}
          disabled={state.reback}
          onClick={pickerBlocked ? undefined : () => setPickerOpen(true)}
          data-testid="audit-status-row"
        >
          {recordText.fieldStatus}
        </List.Item>
        {state.rebackAllowed && (
          <List.Item
            extra={
              <Switch
                checked={state.reback}
                onChange={(on) => {
                  dispatch({ type: 'reback', on });
                  if (on) onRebackOn();
                }}
                data-testid="audit-reback"
              />
            }
          >
            {recordText.fieldReback}
          </List.Item>
        )}
        {asksVisitTime(state) && (
          <List.Item
            extra={
              state.visitTime ? (
                <span data-testid="audit-visit-time">{state.visitTime}</span>
              ) : (
                <span className={card.muted}>{recordText.visitTimePlaceholder}</span>
              )
            }
            clickable
            onClick={() => {
              setNow(new Date());
              setDateOpen(true);
            }}
            data-testid="audit-visit-time-row"
          >
            {recordText.fieldVisitTime}
          </List.Item>
        )}
        {auditFormOpen(state) && (
          <List.Item title={recordText.fieldOpinion}>
            <TextArea
              className={styles.opinion}
              value={state.opinion}
              onChange={(value) => dispatch({ type: 'opinion', value })}
              placeholder={recordText.opinionPlaceholder}
              rows={3}
              maxLength={500}
              showCount
              data-testid="audit-opinion"
            />
          </List.Item>
        )}
      </List>
      <Picker
        visible={pickerOpen}
        title={recordText.fieldStatus}
        columns={[choices.map((value) => ({ label: statusText(value), value }))]}
        value={state.status ? [state.status] : []}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
        onClose={() => setPickerOpen(false)}
        onConfirm={(value) => {
          const chosen = value[0];
          if (typeof chosen === 'string') dispatch({ type: 'status', status: chosen as RecordStatus });
        }}
      />
      <DatePicker
        visible={dateOpen}
        title={recordText.fieldVisitTime}
        precision="minute"
        min={bounds.min}
        max={bounds.max}
        defaultValue={bounds.max}
        renderLabel={pickerLabel}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
        onClose={() => setDateOpen(false)}
        onConfirm={(value) => dispatch({ type: 'visitTime', value: pickerToText(value) })}
      />
    </section>
  );
}

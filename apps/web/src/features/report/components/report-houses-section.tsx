import { messages } from '@baobei/shared/messages';
import { protectionModeMessages } from '@baobei/shared/messages/protection-mode';
import { protectionModeRule } from '@baobei/shared/rules/record-submit';
import { List, Tag } from 'antd-mobile';
import { updateDraft, type DraftHouse } from '../../../lib/report-draft';
import styles from './report-form.module.css';

const formText = messages.reportForm;

/** 楼盘: the chosen listings (each removable), 选择楼盘, and each listing's rules. */
export function ReportHousesSection({ houses, onSelect }: { houses: DraftHouse[]; onSelect: () => void }) {
  return (
    <List header={formText.houses} className={styles.section}>
      <List.Item
        extra={<span className={styles.link}>{formText.selectHouse}</span>}
        onClick={onSelect}
        arrow
        data-testid="report-select-house"
      >
        {houses.length === 0 ? (
          <span className={styles.placeholder}>{formText.housesEmpty}</span>
        ) : (
          <div className={styles.tags} data-testid="report-houses">
            {houses.map((h) => (
              <Tag key={h.id} color="primary" fill="outline" className={styles.tag}>
                {h.name}
                <button
                  type="button"
                  className={styles.tagRemove}
                  aria-label={`${formText.removeCustomer} ${h.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    void updateDraft((d) => ({ ...d, houses: d.houses.filter((x) => x.id !== h.id) }));
                  }}
                >
                  ×
                </button>
              </Tag>
            ))}
          </div>
        )}
      </List.Item>
      {/*
        Each chosen listing's rules: who keeps its customers, 报备为王 or 到访为王 (decision 053),
        and how its phones are entered and compared, 全号 or 隐号 (issue 28 item 7).
      */}
      {houses.length > 0 && (
        <div className={styles.modes} data-testid="report-protection-modes">
          {houses.map((h) => (
            <div key={h.id} data-testid="report-house-rules" data-house-id={h.id}>
              {h.protectionMode && (
                <p className={h.protectionMode === 'VISIT_FIRST' ? styles.modeVisitFirst : styles.mode}>
                  {protectionModeMessages.houseLine(h.name, protectionModeRule(h.protectionMode))}
                </p>
              )}
              <p className={styles.mode} data-testid="report-phone-rule" data-rule-tel={h.ruleTel}>
                {/* The listing's name once, on its first line. */}
                {h.protectionMode ? messages.house.ruleTelLine[h.ruleTel] : protectionModeMessages.houseLine(h.name, messages.house.ruleTelLine[h.ruleTel])}
              </p>
            </div>
          ))}
        </div>
      )}
    </List>
  );
}

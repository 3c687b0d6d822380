import { messages } from '@baobei/shared/messages';
import { INTENT_LEVEL_TEXT } from '@baobei/shared/rules/customer-page';
import type { CustomerIntent } from '@baobei/shared/schemas/customer-page';
import { Tag } from 'antd-mobile';
import { SectionCard } from '../../../components/section-card';
import styles from './customer-page.module.css';

const pageText = messages.customerPage;

const LEVEL_COLOR = { HIGH: 'danger', MEDIUM: 'warning', LOW: 'default' } as const;

export interface CustomerIntentCardProps {
  intent: CustomerIntent;
  /** The owner's page only: opens the intention form. */
  onEdit?: () => void;
}

/** 意向: level, budget, wanted area and layout, and the free tags. */
export function CustomerIntentCard({ intent, onEdit }: CustomerIntentCardProps) {
  const empty = !intent.level && !intent.budget && !intent.area && !intent.layout && intent.tags.length === 0;
  const facts: [string, string][] = [
    [pageText.budget, intent.budget],
    [pageText.area, intent.area],
    [pageText.layout, intent.layout],
  ];
  return (
    <SectionCard
      title={pageText.intentTitle}
      testId="customer-intent"
      extra={
        onEdit ? (
          <button type="button" className={styles.link} onClick={onEdit} data-testid="customer-intent-edit">
            {pageText.intentEdit}
          </button>
        ) : undefined
      }
    >
      {empty ? (
        <div className={styles.empty}>{pageText.intentEmpty}</div>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>{pageText.intentLevel}</dt>
            <dd data-testid="customer-intent-level">
              {intent.level ? (
                <Tag color={LEVEL_COLOR[intent.level]} fill="outline">
                  {INTENT_LEVEL_TEXT[intent.level]}
                </Tag>
              ) : (
                pageText.intentNone
              )}
            </dd>
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} style={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          {intent.tags.length > 0 && (
            <div className={styles.tags}>
              {intent.tags.map((tag) => (
                <Tag key={tag} color="primary" fill="outline" data-testid="customer-intent-tag">
                  {tag}
                </Tag>
              ))}
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}

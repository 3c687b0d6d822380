import { messages } from '@baobei/shared/messages';
import { FOLLOW_UP_KIND_TEXT } from '@baobei/shared/rules/customer-page';
import type { FollowUp } from '@baobei/shared/schemas/customer-page';
import { Steps, Tag } from 'antd-mobile';
import { SectionCard } from '../../../components/section-card';
import styles from './customer-page.module.css';

const pageText = messages.customerPage;

export interface FollowUpCardProps {
  followUps: FollowUp[];
  total: number;
  /** The owner's page only: opens the follow-up form. */
  onAdd?: () => void;
  /** Present while more follow-ups than shown exist. */
  onMore?: () => void;
  loadingMore: boolean;
  moreFailed: boolean;
}

/** 跟进记录: newest first, each with its kind, time, author and note. */
export function FollowUpCard({ followUps, total, onAdd, onMore, loadingMore, moreFailed }: FollowUpCardProps) {
  return (
    <SectionCard
      title={pageText.followUpTitle}
      testId="customer-follow-ups"
      extra={
        onAdd ? (
          <button type="button" className={styles.link} onClick={onAdd} data-testid="follow-up-add">
            {pageText.followUpAdd}
          </button>
        ) : undefined
      }
    >
      {total === 0 ? (
        <div className={styles.empty}>{pageText.followUpEmpty}</div>
      ) : (
        <Steps direction="vertical">
          {followUps.map((f) => (
            <Steps.Step
              key={f.id}
              status="finish"
              title={
                <span className={styles.entryMeta}>
                  <Tag color="primary" fill="outline">
                    {FOLLOW_UP_KIND_TEXT[f.kind]}
                  </Tag>{' '}
                  {f.happenedAt} · {f.authorName}
                </span>
              }
              description={
                <span className={styles.entry} data-testid="follow-up-note">
                  {f.note}
                </span>
              }
            />
          ))}
        </Steps>
      )}
      {onMore && (
        <button type="button" className={styles.more} onClick={onMore} disabled={loadingMore} data-testid="follow-up-more">
          {moreFailed ? pageText.followUpLoadError : pageText.followUpMore}
        </button>
      )}
    </SectionCard>
  );
}

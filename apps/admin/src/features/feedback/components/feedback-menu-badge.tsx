import { adminFeedbackMessages as text } from '@baobei/shared/messages/admin';
import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useFeedbackPendingCount } from '../api/feedback';

/** The side menu's 意见反馈 entry with the company's unhandled count (asked every minute and after each handling). */
export function FeedbackMenuBadge({ children }: { children: ReactNode }) {
  const pending = useFeedbackPendingCount();
  const count = pending.data ?? 0;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {children}
      {count > 0 ? <Badge count={count} size="small" overflowCount={99} title={text.pendingBadge(count)} data-testid="feedback-menu-badge" /> : null}
    </span>
  );
}

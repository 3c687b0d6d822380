import { messages } from '@baobei/shared/messages';
import { Button, DotLoading } from 'antd-mobile';
import { SectionCard } from '../../../components/section-card';
import styles from './record-audit.module.css';

const recordText = messages.recordTrack;

export interface ExternalLinkCardProps {
  /** The full link, or null while it loads. */
  url: string | null;
  failed: boolean;
  onRetry: () => void;
  onCopy: () => void;
  /** AUDITORADMIN only: 更换链接. */
  onRenew?: () => void;
  renewing: boolean;
}

/** 案场确认链接 of the report's listing (part 2, section 2.9; decision 011). */
export function ExternalLinkCard({ url, failed, onRetry, onCopy, onRenew, renewing }: ExternalLinkCardProps) {
  return (
    <SectionCard title={recordText.externalLink} testId="audit-external-link">
      {url ? (
        <>
          <p className={styles.link} data-testid="audit-external-url">
            {url}
          </p>
          <div className={styles.linkActions}>
            <Button color="primary" fill="outline" size="small" onClick={onCopy} data-testid="audit-external-copy">
              {recordText.copyLink}
            </Button>
            {onRenew && (
              <Button color="danger" fill="outline" size="small" onClick={onRenew} loading={renewing} data-testid="audit-external-renew">
                {recordText.externalLinkRenew}
              </Button>
            )}
          </div>
        </>
      ) : failed ? (
        <Button block size="small" onClick={onRetry}>
          {messages.common.retry}
        </Button>
      ) : (
        <DotLoading color="primary" />
      )}
    </SectionCard>
  );
}

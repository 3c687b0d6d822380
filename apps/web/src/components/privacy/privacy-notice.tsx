import { messages } from '@baobei/shared/messages';
import { privacyNoticeMessages } from '@baobei/shared/messages/privacy-notice';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useCompanyPrivacy } from '../../lib/company-privacy';
import { formatMessage } from '../../lib/format-message';
import { PrivacyPolicyArticle } from './privacy-policy-article';
import styles from './privacy.module.css';

const text = privacyNoticeMessages;

/**
 * 个人信息告知 (issue 33, item 1; docs/decisions/095) on the report form and the add-customer
 * dialog: what is collected, why and for how long (the company's 数据保留 months), and the
 * company's 隐私政策, opened over the form so nothing typed is lost.
 */
export function PrivacyNotice({ testId = 'privacy-notice' }: { testId?: string }) {
  const privacy = useCompanyPrivacy();
  const [open, setOpen] = useState(false);
  const notice = privacy.data
    ? formatMessage(text.notice, { months: String(privacy.data.retentionMonths), pictureMonths: String(privacy.data.pictureRetentionMonths) })
    : text.noticeShort;
  return (
    <>
      <p className={styles.notice} data-testid={testId}>
        {notice}
        <button type="button" className={styles.link} onClick={() => setOpen(true)} data-testid={`${testId}-policy`}>
          {text.policyLink}
        </button>
      </p>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName={styles.sheet} destroyOnClose>
        <div className={styles.sheetHead}>
          <span className={styles.sheetTitle}>{messages.about.privacy}</span>
          <button type="button" className={styles.close} aria-label={text.close} onClick={() => setOpen(false)}>
            <CloseOutline />
          </button>
        </div>
        <div className={styles.sheetBody}>
          <PrivacyPolicyArticle />
        </div>
      </Popup>
    </>
  );
}

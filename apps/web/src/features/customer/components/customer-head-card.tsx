import { messages } from '@baobei/shared/messages';
import { isMaskedPhone } from '@baobei/shared/rules/phone';
import type { CustomerDetail } from '@baobei/shared/schemas/customer-page';
import { Image } from 'antd-mobile';
import { ImageViewer } from '../../../components/lazy-overlays';
import { SectionCard } from '../../../components/section-card';
import { sexLabel } from './customer-index-list';
import styles from './customer-page.module.css';

const pageText = messages.customerPage;

export interface CustomerHeadCardProps {
  detail: CustomerDetail;
}

/** Name, gender, phone with 拨打 (not for a hidden number), the owner on a read-only page, and the proofs. */
export function CustomerHeadCard({ detail }: CustomerHeadCardProps) {
  const { customer } = detail;
  const pics = customer.customerPic;
  return (
    <SectionCard testId="customer-head">
      <div className={styles.nameRow}>
        <h1 className={styles.name} data-testid="customer-name">
          {customer.name}
        </h1>
        <span className={styles.weak}>{sexLabel(customer.sex)}</span>
        {!detail.canEdit && <span className={styles.weak}>{messages.customerList.owner(detail.ownerName)}</span>}
      </div>
      <div className={styles.phoneRow}>
        <span data-testid="customer-phone">{customer.phone}</span>
        {!isMaskedPhone(customer.phone) && (
          <a className={styles.dial} href={`tel:${customer.phone}`} data-testid="customer-call">
            {pageText.call}
          </a>
        )}
      </div>
      {!detail.canEdit && <div className={styles.readOnly} data-testid="customer-read-only">{pageText.readOnly}</div>}
      <div className={styles.label}>{pageText.proofs}</div>
      {pics.length === 0 ? (
        <div className={styles.empty}>{pageText.noProofs}</div>
      ) : (
        <div className={styles.proofs}>
          {pics.map((url, index) => (
            <button
              key={url}
              type="button"
              className={styles.proof}
              onClick={() => ImageViewer.Multi.show({ images: pics, defaultIndex: index, maxZoom: 3 })}
              data-testid="customer-proof"
            >
              <Image src={url} width={64} height={64} fit="cover" lazy />
            </button>
          ))}
        </div>
      )}
    </SectionCard>
  );
}

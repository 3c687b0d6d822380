import { messages } from '@baobei/shared/messages';
import { Page } from '../../../components/page';
import { useCompanyStore } from '../../../lib/company-store';
import { formatMessage } from '../../../lib/format-message';
import styles from './info-pages.module.css';

const agreementText = messages.agreement;

/** /user/agreement (用户协议): the standard terms and the company description (part 1, section 1). */
export function UserAgreementPage() {
  const company = useCompanyStore((s) => s.company);
  const title = company?.title ?? '';

  return (
    <Page backFallback="/home?active=my">
      <article className={styles.card} data-testid="agreement">
        <h1 className={styles.docTitle}>{formatMessage(agreementText.docTitle, { title })}</h1>
        <p className={styles.text}>{formatMessage(agreementText.intro, { title })}</p>
        {company?.description && (
          <>
            <h2 className={styles.docHeading}>{agreementText.companyTitle}</h2>
            <p className={styles.text} data-testid="agreement-description">
              {company.description}
            </p>
          </>
        )}
        {agreementText.sections.map((section) => (
          <section key={section.title}>
            <h2 className={styles.docHeading}>{section.title}</h2>
            <p className={styles.text}>{section.body}</p>
          </section>
        ))}
      </article>
    </Page>
  );
}

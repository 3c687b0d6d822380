import { agreementMessages } from '@baobei/shared/messages/agreement';
import { Page } from '../../../components/page';
import { useCompanyStore } from '../../../lib/company-store';
import { formatMessage } from '../../../lib/format-message';
import { useAgreement } from '../api/get-agreement';
import styles from '../../../components/document.module.css';

const agreementText = agreementMessages;

/**
 * /user/agreement (用户协议): the company's own agreement when its operator wrote one in the
 * console (docs/decisions/044), else the standard terms; with the company description (part 1,
 * section 1). While the company's text is asked for, only the title shows, so the built-in
 * terms never flash before the company's; if the call fails, the built-in terms show.
 */
export function UserAgreementPage() {
  const company = useCompanyStore((s) => s.company);
  const title = company?.title ?? '';
  const agreement = useAgreement(window.location.hostname);
  const own = agreement.data?.trim() ? agreement.data : null;

  return (
    <Page backFallback="/home?active=my">
      <article className={styles.card} data-testid="agreement" aria-busy={agreement.isPending}>
        <h1 className={styles.docTitle}>{formatMessage(agreementText.docTitle, { title })}</h1>
        {agreement.isPending ? null : own ? (
          <p className={styles.text} data-testid="agreement-own">
            {own}
          </p>
        ) : (
          <>
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
          </>
        )}
      </article>
    </Page>
  );
}

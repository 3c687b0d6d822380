import { privacyPolicyMessages } from '@baobei/shared/messages/privacy-policy';
import { useCompanyStore } from '../../lib/company-store';
import { useCompanyPrivacy } from '../../lib/company-privacy';
import { formatMessage } from '../../lib/format-message';
import styles from '../document.module.css';

const text = privacyPolicyMessages;

/**
 * The company's privacy policy (docs/decisions/095): its own text when its operator wrote one in
 * the console, else the built-in policy with the company's retention months. While the company's
 * text is asked for only the title shows, so the built-in policy never flashes before the
 * company's; if the call fails, the built-in policy shows without figures it could not read.
 */
export function PrivacyPolicyArticle() {
  const company = useCompanyStore((s) => s.company);
  const privacy = useCompanyPrivacy();
  const own = privacy.data?.policy.trim() ? privacy.data.policy : null;
  const months = {
    months: String(privacy.data?.retentionMonths ?? '—'),
    pictureMonths: String(privacy.data?.pictureRetentionMonths ?? '—'),
  };
  return (
    <article className={styles.card} data-testid="privacy-policy" aria-busy={privacy.isPending}>
      <h1 className={styles.docTitle}>{formatMessage(text.docTitle, { title: company?.title ?? '' })}</h1>
      {privacy.isPending ? null : own ? (
        <p className={styles.text} data-testid="privacy-policy-own">
          {own}
        </p>
      ) : (
        <>
          <p className={styles.text}>{formatMessage(text.intro, { title: company?.title ?? '' })}</p>
          {text.sections.map((section) => (
            <section key={section.title}>
              <h2 className={styles.docHeading}>{section.title}</h2>
              <p className={styles.text}>{formatMessage(section.body, months)}</p>
            </section>
          ))}
        </>
      )}
    </article>
  );
}

import { messages } from '@baobei/shared/messages';
import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { version } from '../../../../package.json';
import { Page } from '../../../components/page';
import { SectionTitle } from '../../../components/section-card';
import { useCompanyStore } from '../../../lib/company-store';
import { useSessionStore } from '../../../lib/session/session-store';
import styles from './info-pages.module.css';

const aboutText = messages.about;

/** /aboutUs (关于我们): the company's logo, title and description, the service phone, the version. */
export function AboutUsPage() {
  const navigate = useNavigate();
  const company = useCompanyStore((s) => s.company);
  const kefPhone = useSessionStore((s) => s.config?.kefPhone ?? '');

  return (
    <Page backFallback="/home?active=my">
      <header className={styles.brand} data-testid="about-brand">
        {company?.logo ? <img className={styles.brandLogo} src={company.logo} alt="" /> : null}
        <h1 className={styles.brandTitle}>{company?.title}</h1>
        <span className={styles.brandVersion}>
          {aboutText.version} v{version}
        </span>
      </header>

      <section className={styles.card}>
        <SectionTitle className={styles.cardTitle}>{aboutText.description}</SectionTitle>
        <p className={styles.text} data-testid="about-description">
          {company?.description || aboutText.noDescription}
        </p>
      </section>

      <List mode="card" className={styles.list}>
        {kefPhone && (
          <List.Item
            extra={
              <a href={`tel:${kefPhone}`} className={styles.link} data-testid="about-kef-phone">
                {kefPhone}
              </a>
            }
          >
            {aboutText.kefPhone}
          </List.Item>
        )}
        <List.Item onClick={() => void navigate('/user/agreement')} data-testid="about-agreement">
          {aboutText.agreement}
        </List.Item>
        <List.Item onClick={() => void navigate('/privacy')} data-testid="about-privacy">
          {aboutText.privacy}
        </List.Item>
      </List>
    </Page>
  );
}

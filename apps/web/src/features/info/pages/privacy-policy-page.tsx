import { Page } from '../../../components/page';
import { PrivacyPolicyArticle } from '../../../components/privacy/privacy-policy-article';

/** /privacy (隐私政策, docs/decisions/095): open to anyone, linked from the forms' notice and 关于我们. */
export function PrivacyPolicyPage() {
  return (
    <Page backFallback="/home?active=my">
      <PrivacyPolicyArticle />
    </Page>
  );
}

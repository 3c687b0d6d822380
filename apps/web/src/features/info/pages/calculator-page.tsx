import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { useCurrentAppRoute } from '../../../lib/route-handle';
import { useSessionStore } from '../../../lib/session/session-store';
import { MortgageCalculator } from '../components/mortgage-calculator';
import styles from './calculator-page.module.css';

/** Only web pages are embedded; anything else in the configuration falls back to the built-in form. */
function embeddable(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/**
 * /calculator (房贷计算器): the configured external page in a nav bar (part 1, section 2), or
 * the built-in calculator when none is configured.
 */
export function CalculatorPage() {
  const ready = useSessionStore((s) => s.ready);
  const url = useSessionStore((s) => s.config?.calculatorUrl ?? '');
  const title = useCurrentAppRoute()?.title ?? '';

  let body;
  if (!ready) body = <PageLoading />;
  else if (embeddable(url))
    body = <iframe className={styles.frame} src={url.trim()} title={title} data-testid="calculator-frame" />;
  else body = <MortgageCalculator />;

  return <Page backFallback="/home?active=my">{body}</Page>;
}

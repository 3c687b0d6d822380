import { messages } from '@baobei/shared/messages';
import { SpinLoading, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { useCompanyStore } from '../../../lib/company-store';
import { loginPath } from '../../../lib/return-path';
import { selectLoggedIn, useSessionStore } from '../../../lib/session/session-store';
import { useGoBack } from '../../../lib/use-go-back';
import { isWechatBrowser } from '../../../lib/wechat/is-wechat';
import { getWxBindUrl } from '../api/bind-wx';
import { useBindWxCode } from '../api/bind-wx-code';
import { useSignByWx } from '../api/sign-by-wx';
import { getWxLoginUrl } from '../api/wx-code';
import { BlockButton } from '../components/block-button';
import { showFailureDialog } from '../../../lib/failure-dialog';
import { afterSignInPath, authorizationAction, authorizationReturnUrl, authorizationStep } from '../model/authorization-step';
import styles from './authorization-page.module.css';

const wechatText = messages.wechat;
const MY_TAB = '/home?active=my';

/**
 * /authorization (part 1, section 2): 'authorize login' and 'cancel and return' for WeChat
 * OAuth, and the page WeChat returns to, for signing in and for binding.
 * Outside WeChat it only says to open it there.
 */
export function AuthorizationPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const company = useCompanyStore((s) => s.company);
  const ready = useSessionStore((s) => s.ready);
  const loggedIn = useSessionStore(selectLoggedIn);
  const wechatEnabled = useSessionStore((s) => s.config?.wechatEnabled ?? false);
  const step = authorizationStep(search, { inWechat: isWechatBrowser(), wechatEnabled });
  const action = authorizationAction(search);
  const goBack = useGoBack(action === 'bind' ? MY_TAB : '/login');
  const signByWx = useSignByWx();
  const bindWxCode = useBindWxCode();
  const [starting, setStarting] = useState(false);
  const [notBound, setNotBound] = useState(false);
  const finished = useRef(false);

  // Back on this page with code and state: finish once, when the session is known.
  useEffect(() => {
    if (step.kind !== 'finish' || !ready || finished.current) return;
    finished.current = true;
    // The same page without the used code and state: the user may authorize again.
    const askAgain = () => {
      finished.current = false;
      void navigate(authorizationReturnUrl('', search), { replace: true });
    };
    if (step.action === 'bind') {
      if (!loggedIn) {
        void navigate(loginPath(MY_TAB), { replace: true });
        return;
      }
      bindWxCode.mutate(
        { code: step.code, state: step.state },
        {
          onSuccess: () => {
            Toast.show({ icon: 'success', content: wechatText.bindSuccess });
            void navigate(MY_TAB, { replace: true });
          },
          onError: (error) => {
            showFailureDialog(wechatText.bindFailedTitle, error, wechatText.authorizeFailed);
            void navigate(MY_TAB, { replace: true });
          },
        },
      );
      return;
    }
    signByWx.mutate(
      { wxCode: step.code, state: step.state },
      {
        onSuccess: () => void navigate(afterSignInPath(search), { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 404) {
            setNotBound(true);
            return;
          }
          showFailureDialog(wechatText.authorizeFailedTitle, error, wechatText.authorizeFailed);
          askAgain();
        },
      },
    );
  }, [step, ready, loggedIn, search, navigate, signByWx, bindWxCode]);

  const authorize = async () => {
    if (action === 'bind' && !loggedIn) {
      void navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    setStarting(true);
    const returnUrl = authorizationReturnUrl(window.location.origin, search);
    try {
      const { url } = action === 'bind' ? await getWxBindUrl(returnUrl) : await getWxLoginUrl(returnUrl);
      window.location.assign(url);
    } catch (error) {
      setStarting(false);
      showFailureDialog(action === 'bind' ? wechatText.bindFailedTitle : wechatText.authorizeFailedTitle, error, wechatText.authorizeFailed);
    }
  };

  const cancel = (
    <BlockButton onClick={goBack} data-testid="authorization-cancel">
      {wechatText.cancelReturn}
    </BlockButton>
  );

  let content;
  if (step.kind === 'outsideWechat' || step.kind === 'notConfigured') {
    content = (
      <>
        <p className={styles.message} data-testid="authorization-message">
          {step.kind === 'outsideWechat' ? messages.common.openInWechat : wechatText.notConfigured}
        </p>
        <div className={styles.actions}>{cancel}</div>
      </>
    );
  } else if (notBound) {
    content = (
      <>
        <p className={styles.message} data-testid="authorization-not-bound">
          {wechatText.notBound}
        </p>
        <div className={styles.actions}>
          <BlockButton
            className={styles.primary}
            onClick={() => void navigate(loginPath(afterSignInPath(search)), { replace: true })}
            data-testid="authorization-phone-login"
          >
            {wechatText.phoneLogin}
          </BlockButton>
          {cancel}
        </div>
      </>
    );
  } else if (step.kind === 'finish') {
    content = (
      <div className={styles.busy} data-testid="authorization-busy">
        <SpinLoading color="primary" />
        <span>{step.action === 'bind' ? wechatText.binding : wechatText.authorizing}</span>
      </div>
    );
  } else {
    content = (
      <>
        <p className={styles.hint}>{action === 'bind' ? wechatText.bindTitle : wechatText.authorizeHint}</p>
        <div className={styles.actions}>
          <BlockButton className={styles.primary} loading={starting} onClick={() => void authorize()} data-testid="authorization-authorize">
            {action === 'bind' ? wechatText.bind : wechatText.authorizeLogin}
          </BlockButton>
          {cancel}
        </div>
      </>
    );
  }

  return (
    <Page title={action === 'bind' ? wechatText.bindTitle : wechatText.authorizeTitle} onBack={goBack}>
      <div className={styles.body} data-testid="authorization-page">
        {company?.logo ? (
          <img className={styles.logo} src={company.logo} alt="" />
        ) : (
          <div className={styles.logoFallback}>{company?.title.slice(0, 1)}</div>
        )}
        <h1 className={styles.title}>{company?.title}</h1>
        {content}
      </div>
    </Page>
  );
}

import { messages } from '@baobei/shared/messages';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useNavigationType,
  type NavigationType,
} from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { Dialog } from '../components/lazy-overlays';
import { PageLoading } from '../components/page-loading';
import { useCompanyStore } from '../lib/company-store';
import { firstScreenRoute, removeFirstScreen } from '../lib/first-screen';
import { historyIndex, previousPath, recordVisit } from '../lib/navigation';
import { RETURN_PARAM, safeReturnPath } from '../lib/return-path';
import { useCurrentAppRoute } from '../lib/route-handle';
import { selectLoggedIn, selectRole, useSessionStore } from '../lib/session/session-store';
import { pageTitle } from '../lib/theme';
import { decideGuard } from './route-guard';

type Transition = 'none' | 'forward' | 'back' | 'fade';

/** Part 1, section 4: forward (push) from the right, back (pop) from the left, replace fades. */
const TRANSITION_BY_NAVIGATION: Record<NavigationType, Transition> = {
  PUSH: 'forward',
  POP: 'back',
  REPLACE: 'fade',
};

let noPermissionOpen = false;

/** Part 1, section 6: "anyone else gets the alert 'no permission' and is sent home". */
function showNoPermission(goHome: () => void): void {
  if (noPermissionOpen) return;
  noPermissionOpen = true;
  void Dialog.alert({
    title: messages.common.noPermissionTitle,
    content: messages.common.noPermission,
    confirmText: messages.common.confirm,
  }).then(() => {
    noPermissionOpen = false;
    goHome();
  });
}

/** The entering page; its transition is fixed when it mounts, so later query changes do not replay it. */
function RouteView({ transition, children }: { transition: Transition; children: ReactNode }) {
  const [mounted] = useState(transition);
  return <div className={`route-view route-view--${mounted}`}>{children}</div>;
}

/**
 * The root layout: carries out the guard's decision, sets the page title, records history
 * for "back to the previous page", and animates page changes by direction.
 */
export function RouteShell() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const route = useCurrentAppRoute();
  const companyTitle = useCompanyStore((s) => s.company?.title ?? '');
  const session = useSessionStore(
    useShallow((s) => ({
      ready: s.ready,
      loggedIn: selectLoggedIn(s),
      role: selectRole(s),
      mustChangePassword: s.userInfo?.mustChangePassword ?? false,
    })),
  );
  // The page the app opens on enters without a transition; every later page change animates
  // (also going back to that first page). Updated during render, React's pattern for
  // state derived from a previous value.
  const [seen, setSeen] = useState({ key: location.key, navigated: false });
  if (seen.key !== location.key) setSeen({ key: location.key, navigated: true });
  const backHandledFor = useRef<string | null>(null);
  const path = location.pathname + location.search;

  const decision = decideGuard({
    route,
    path,
    ...session,
    returnTo: route?.name === 'login' ? safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM)) : null,
    previousPath: previousPath(),
  });

  // The server's first screen belongs to one page, which removes it itself; any other goes now.
  useLayoutEffect(() => {
    const drawnFor = firstScreenRoute();
    if (drawnFor && route && route.name !== drawnFor) removeFirstScreen();
  }, [route]);

  useEffect(() => {
    recordVisit(historyIndex(), path);
  }, [path, location.key]);

  useEffect(() => {
    const title = route ? (route.name === 'home' ? null : route.title) : messages.common.pageNotFound;
    document.title = pageTitle(title, companyTitle);
  }, [route, companyTitle]);

  useEffect(() => {
    if (decision.type === 'back' && backHandledFor.current !== location.key) {
      backHandledFor.current = location.key;
      void navigate(-1);
    }
    if (decision.type === 'deny') showNoPermission(() => void navigate('/home', { replace: true }));
  }, [decision.type, location.key, navigate]);

  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;

  let content: ReactNode;
  if (decision.type !== 'allow') content = null;
  // Pages that need a session wait for it; public pages show at once.
  else if (!session.ready && route && route.level > 0) content = <PageLoading />;
  else content = <Outlet />;

  const transition: Transition = !seen.navigated ? 'none' : TRANSITION_BY_NAVIGATION[navigationType];

  return (
    <>
      <RouteView key={location.pathname} transition={transition}>
        {content}
      </RouteView>
      <ScrollRestoration />
    </>
  );
}

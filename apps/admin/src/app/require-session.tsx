import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { meQueryOptions } from '../api/get-me';
import { FullPageError, FullPageLoading } from '../components/full-page-state';
import { errorMessage } from '../lib/api-error';
import { PATHS } from '../lib/navigation';
import { messages } from '@baobei/shared/messages';
import { useToken } from '../lib/use-token';

/**
 * The pages behind sign-in: without a token, the sign-in page (with the way back); with one,
 * the account from /me. An account that must change its initial password (decision 017) sees
 * only the change-password page (`allowMustChange`) until it has.
 */
export function RequireSession({ allowMustChange = false }: { allowMustChange?: boolean }) {
  const token = useToken();
  const location = useLocation();
  const me = useQuery({ ...meQueryOptions(), enabled: Boolean(token) });

  if (!token) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={from === PATHS.overview ? PATHS.login : `${PATHS.login}?from=${encodeURIComponent(from)}`} replace />;
  }
  if (me.isPending) return <FullPageLoading />;
  if (me.isError) {
    return <FullPageError title={messages.common.requestExceptionTitle} message={errorMessage(me.error, messages.common.requestException)} onRetry={() => void me.refetch()} />;
  }
  if (me.data.user.mustChangePassword && !allowMustChange) return <Navigate to={PATHS.changePassword} replace />;
  return <Outlet />;
}

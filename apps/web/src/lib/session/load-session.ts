import { messages } from '@baobei/shared/messages';
import { Toast } from 'antd-mobile';
import { isApiError } from '../api-error';
import { currentPath, navigateTo } from '../navigation';
import { loginPath } from '../return-path';
import { getCommonInitConfig } from './get-common-init-config';
import { getInitConfig } from './get-init-config';
import { adoptStoredToken, applyInitConfig, forgetTokenForNow, markSessionReady, readStoredToken } from './session-store';

async function loadAnonymous(): Promise<void> {
  try {
    await applyInitConfig(await getCommonInitConfig({ quiet: true }));
  } catch {
    Toast.show({ content: messages.common.initDataFailed, position: 'bottom' });
    markSessionReady();
  }
}

/**
 * Start-up, after branding (part 1, section 4: "ready after login or after init data"). With
 * a stored token: the authenticated init data; a 401 has already reset the session in the
 * API client; any other failure toasts 'init data failed' and opens the login page (part 1,
 * section 8). Without a usable token: the anonymous init data.
 */
export async function loadSession(): Promise<void> {
  const token = await readStoredToken();
  if (token) {
    adoptStoredToken(token);
    try {
      await applyInitConfig(await getInitConfig({ quiet: true }));
      return;
    } catch (error) {
      if (!isApiError(error) || error.code !== 401) {
        // The stored token stays: the next start may reach the server again.
        forgetTokenForNow();
        Toast.show({ content: messages.common.initDataFailed, position: 'bottom' });
        if (window.location.pathname !== '/login') navigateTo(loginPath(currentPath()), { replace: true });
      }
    }
  }
  await loadAnonymous();
}

/**
 * Reloads the logged-in user's init data (after a password change clears
 * mustChangePassword; 更新权限 on the my tab). Resolves false when the session is gone (401),
 * so the caller can say so. `quiet`: the caller explains any other failure itself.
 */
export async function reloadSession(options: { quiet?: boolean } = {}): Promise<boolean> {
  try {
    await applyInitConfig(await getInitConfig({ silentUnauthorized: true, quiet: options.quiet }));
    return true;
  } catch (error) {
    if (isApiError(error) && error.code === 401) return false;
    throw error;
  }
}

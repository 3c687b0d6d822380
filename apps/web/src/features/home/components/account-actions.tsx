import { messages } from '@baobei/shared/messages';
import { Dialog, List, Toast } from 'antd-mobile';
import { LinkOutline, LoopOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { reloadSession } from '../../../lib/session/load-session';
import { useSessionStore } from '../../../lib/session/session-store';
import { isWechatBrowser } from '../../../lib/wechat/is-wechat';
import { useWechatOut } from '../api/wechat-out';

const profileText = messages.profile;
const wechatText = messages.wechat;

/** Part 1, section 8: the title, and the server's message or the call's own default. */
function failed(title: string, error: unknown, fallback: string): void {
  // No answer, or an answer without a message, reads as the generic request exception.
  const serverSaid = isApiError(error) && error.msg && error.msg !== messages.common.requestException;
  void Dialog.alert({ title, content: serverSaid ? error.msg : fallback, confirmText: messages.common.confirm });
}

/**
 * The signed-in rows of the my tab (part 1, section 2): 更新权限 re-reads the initial config;
 * 绑定微信 goes through the authorization page (only inside WeChat); 解绑微信 asks first.
 */
export function AccountActions() {
  const navigate = useNavigate();
  const bound = useSessionStore((s) => s.userInfo?.bindWx === 1);
  const out = useWechatOut();
  const [refreshing, setRefreshing] = useState(false);

  const updatePermissions = async () => {
    if (refreshing) return;
    setRefreshing(true);
    const loading = Toast.show({ icon: 'loading', content: messages.common.loading, duration: 0 });
    try {
      const stillLoggedIn = await reloadSession({ quiet: true });
      loading.close();
      if (stillLoggedIn) Toast.show({ icon: 'success', content: profileText.updatePermissionSuccess });
      else void navigate('/login');
    } catch (error) {
      loading.close();
      failed(profileText.updatePermissionFailedTitle, error, profileText.updatePermissionFailed);
    } finally {
      setRefreshing(false);
    }
  };

  const bind = () => {
    // DECISIONS.md (SMS and WeChat): binding needs WeChat's own browser.
    if (!isWechatBrowser()) {
      void Dialog.alert({ content: messages.common.openInWechat, confirmText: messages.common.confirm });
      return;
    }
    void navigate('/authorization?action=bind');
  };

  const unbind = async () => {
    const confirmed = await Dialog.confirm({
      content: wechatText.unbindConfirm,
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (!confirmed) return;
    out.mutate(undefined, {
      onSuccess: () => Toast.show({ icon: 'success', content: wechatText.unbindSuccess }),
      onError: (error) => failed(wechatText.unbindFailedTitle, error, messages.common.requestException),
    });
  };

  return (
    <>
      <List.Item prefix={<LoopOutline />} onClick={() => void updatePermissions()} data-testid="my-update-permission">
        {profileText.updatePermission}
      </List.Item>
      <List.Item
        prefix={<LinkOutline />}
        extra={bound ? wechatText.bound : wechatText.unbound}
        onClick={bound ? () => void unbind() : bind}
        data-testid={bound ? 'my-wechat-unbind' : 'my-wechat-bind'}
      >
        {bound ? wechatText.unbind : wechatText.bind}
      </List.Item>
    </>
  );
}

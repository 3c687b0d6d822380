import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { App, Button, Dropdown, Result } from 'antd';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../api/get-me';
import { useLogout } from '../features/auth/api/logout';
import { FeedbackMenuBadge } from '../features/feedback/components/feedback-menu-badge';
import { messages } from '@baobei/shared/messages';
import { useCurrentCompany } from '../lib/company-context';
import { PATHS } from '../lib/navigation';
import { adminConsoleMessages as texts } from '@baobei/shared/messages/admin';
import { MENU, opensPath, showsEntry } from './menu';

/** docs/decisions/081: a page the account's scope does not open, reached by its address. */
function NoAccess() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={messages.common.noPermissionTitle}
      subTitle={messages.common.noPermission}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.overview)}>
          {texts.backHome}
        </Button>
      }
    />
  );
}

/**
 * ProLayout as Ant Design Pro lays it out (decision 040): the company's logo and title in the
 * header, the side menu of the pages that exist and the account's scope opens (docs/decisions/081;
 * another page's address shows 无使用权限), the operator's name with 退出登录 on the right.
 * The side menu folds to icons below 1280 px so a 1024 px laptop keeps the content wide.
 */
export function ConsoleLayout() {
  const company = useCurrentCompany();
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { modal } = App.useApp();

  const confirmLogout = () =>
    modal.confirm({
      title: texts.logoutConfirm,
      okText: texts.logout,
      cancelText: texts.cancel,
      onOk: async () => {
        await logout.mutateAsync().catch(() => undefined);
        void navigate(PATHS.login, { replace: true });
      },
    });

  return (
    <ProLayout
      title={company.title}
      logo={company.logo || false}
      layout="mix"
      fixSiderbar
      fixedHeader
      siderWidth={208}
      breakpoint="xl"
      pageTitleRender={false}
      location={{ pathname: location.pathname }}
      route={{ path: '/', routes: MENU.filter((entry) => showsEntry(entry, me.data?.user)).map(({ path, name, icon }) => ({ path, name, icon })) }}
      menuItemRender={(item, dom) =>
        item.path ? <Link to={item.path}>{item.path === PATHS.feedback ? <FeedbackMenuBadge>{dom}</FeedbackMenuBadge> : dom}</Link> : dom
      }
      onMenuHeaderClick={() => void navigate(PATHS.overview)}
      avatarProps={{
        title: me.data?.user.name ?? '',
        size: 'small',
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [
                { key: 'password', icon: <KeyOutlined />, label: texts.changePassword },
                { type: 'divider' },
                { key: 'logout', icon: <LogoutOutlined />, label: texts.logout },
              ],
              onClick: ({ key }) => {
                if (key === 'logout') confirmLogout();
                else if (key === 'password') void navigate(PATHS.changePassword);
              },
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
    >
      {opensPath(location.pathname, me.data?.user) ? <Outlet /> : <NoAccess />}
    </ProLayout>
  );
}

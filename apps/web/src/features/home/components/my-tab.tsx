import { messages } from '@baobei/shared/messages';
import { hasVacationSwitch, isGeneralAccount, seesChannelContacts } from '@baobei/shared/rules/access';
import { messageKindsForRole } from '@baobei/shared/rules/message';
import { canOpenRoute, findRoute, type RouteName } from '@baobei/shared/routes';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import { Avatar, Badge, Dialog, List, Toast } from 'antd-mobile';
import {
  CalculatorOutline,
  FileOutline,
  InformationCircleOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  RightOutline,
  SendOutline,
  StarOutline,
  TeamOutline,
  UploadOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useUnreadCount } from '../../../api/message-unread';
import { selectOutboxCount, useOutbox } from '../../../lib/outbox/outbox-store';
import { useLogout } from '../../../lib/session/logout';
import { selectLoggedIn, selectRole, useSessionStore } from '../../../lib/session/session-store';
import { AccountActions } from './account-actions';
import { ChannelContactsPopup } from './channel-contacts-popup';
import { VacationSwitch } from './vacation-switch';
import styles from './my-tab.module.css';

function RouteItem({ name, icon }: { name: RouteName; icon: ReactNode }) {
  const navigate = useNavigate();
  const route = findRoute(name);
  return (
    <List.Item prefix={icon} onClick={() => void navigate(route.path)} data-testid={`my-link-${name}`}>
      {route.title}
    </List.Item>
  );
}

/**
 * 消息 (issue 17, item 4; docs/decisions/054) with the unread count as a badge: asked only for a
 * signed-in user, again when the app comes back to the screen and every minute while it shows.
 */
function MessageRouteItem() {
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const route = findRoute('messageList');
  return (
    <List.Item
      prefix={<MessageOutline />}
      extra={
        unread ? (
          <Badge
            content={unread > 99 ? '99+' : unread}
            aria-label={messages.message.unreadBadge(unread)}
            data-testid="my-message-badge"
          />
        ) : null
      }
      onClick={() => void navigate(route.path)}
      data-testid="my-link-messageList"
    >
      {route.title}
    </List.Item>
  );
}

/**
 * 待发送 (issue 33, item 5; docs/decisions/094) with the number still on the device, shown
 * while anything is: the signed-in user's own outbox only.
 */
function OutboxRouteItem() {
  const navigate = useNavigate();
  const count = useOutbox(selectOutboxCount);
  const route = findRoute('outbox');
  if (count === 0) return null;
  return (
    <List.Item
      prefix={<UploadOutline />}
      extra={<Badge content={count} data-testid="my-outbox-badge" />}
      onClick={() => void navigate(route.path)}
      data-testid="my-link-outbox"
    >
      {route.title}
    </List.Item>
  );
}

/** The my tab (我的): the user, the account links, logout. */
export function MyTab() {
  const navigate = useNavigate();
  const loggedIn = useSessionStore(selectLoggedIn);
  const role = useSessionStore(selectRole);
  const userInfo = useSessionStore((s) => s.userInfo);
  const [contactsOpen, setContactsOpen] = useState(false);
  const logout = useLogout();
  // Part 1, section 6: the channel contacts are for business staff and shop managers.
  const showChannelContacts = seesChannelContacts(role);

  const onLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: messages.login.logoutConfirm,
      confirmText: messages.common.confirm,
      cancelText: messages.common.cancel,
    });
    if (!confirmed) return;
    logout.logOut(() => {
      Toast.show({ content: messages.login.logoutSuccess });
      void navigate('/login');
    });
  };

  return (
    <div className={styles.tab} data-testid="home-my">
      <header className={styles.head}>
        <Avatar src={loggedIn ? (userInfo?.avatar ?? '') : ''} className={styles.avatar} />
        {loggedIn && userInfo ? (
          <Link to="/user/info" className={styles.whoLink} data-testid="my-user">
            <div className={styles.who}>
              <div className={styles.nameRow}>
                <span className={styles.name}>{userInfo.name}</span>
                {role && <span className={styles.role}>{ROLE_LABELS[role]}</span>}
              </div>
              <span className={styles.phone}>{userInfo.phone}</span>
              {userInfo.distributorName && <span className={styles.company}>{userInfo.distributorName}</span>}
            </div>
            <RightOutline className={styles.chevron} />
          </Link>
        ) : (
          <div className={styles.who}>
            <Link to="/login" className={styles.login} data-testid="my-login-link">
              {messages.login.loginRegister}
            </Link>
            <span className={styles.phone}>{messages.home.notLoggedIn}</span>
          </div>
        )}
      </header>

      {loggedIn && hasVacationSwitch(role) && (
        <List mode="card" className={styles.list}>
          <VacationSwitch />
        </List>
      )}

      <List mode="card" className={styles.list}>
        {/* A visitor sees it (it leads to login); a signed-in role that receives no kind (channel staff) does not. */}
        {loggedIn && <OutboxRouteItem />}
        {(!loggedIn || (role && messageKindsForRole(role).length > 0)) && <MessageRouteItem />}
        <RouteItem name="favorite" icon={<StarOutline />} />
        <RouteItem name="calculator" icon={<CalculatorOutline />} />
        {showChannelContacts && (
          <List.Item prefix={<TeamOutline />} onClick={() => setContactsOpen(true)} data-testid="my-channel-contacts">
            {messages.home.channelContacts}
          </List.Item>
        )}
        <RouteItem name="myShare" icon={<SendOutline />} />
        {canOpenRoute(findRoute('myCommission'), role) && <RouteItem name="myCommission" icon={<PayCircleOutline />} />}
        {/* 对账单 (decision 082): the general account's, its distributor's month. */}
        {role && isGeneralAccount({ role, distributorControl: userInfo?.distributorControl === 1 }) && <RouteItem name="statement" icon={<FileOutline />} />}
      </List>

      <List mode="card" className={styles.list}>
        <RouteItem name="help" icon={<QuestionCircleOutline />} />
        <RouteItem name="aboutUs" icon={<InformationCircleOutline />} />
      </List>

      {loggedIn && (
        <List mode="card" className={styles.list}>
          <RouteItem name="userInfo" icon={<UserOutline />} />
          <RouteItem name="changePassword" icon={<LockOutline />} />
          <AccountActions />
        </List>
      )}

      {loggedIn && (
        <button
          type="button"
          className={styles.logout}
          onClick={() => void onLogout()}
          disabled={logout.isPending}
          data-testid="my-logout"
        >
          {messages.home.logout}
        </button>
      )}

      {showChannelContacts && (
        <ChannelContactsPopup
          visible={contactsOpen}
          contacts={userInfo?.channelList ?? []}
          onClose={() => setContactsOpen(false)}
        />
      )}
    </div>
  );
}

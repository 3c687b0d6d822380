import { messages } from '@baobei/shared/messages';
import type { UserInfo } from '@baobei/shared/schemas/session';
import { Empty, List, Popup } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import styles from './channel-contacts-popup.module.css';

/** 我的渠道对接人: the channel contacts of the session (name, manageArea, mobile). */
export function ChannelContactsPopup({
  visible,
  contacts,
  onClose,
}: {
  visible: boolean;
  contacts: UserInfo['channelList'];
  onClose: () => void;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName={styles.body}>
      <h3 className={styles.title}>{messages.home.channelContacts}</h3>
      {contacts.length === 0 ? (
        <Empty description={messages.home.channelContactsEmpty} />
      ) : (
        <List data-testid="channel-contacts-list">
          {contacts.map((contact) => (
            <List.Item
              key={`${contact.name}-${contact.mobile}`}
              description={contact.manageArea}
              extra={
                <a className={styles.call} href={`tel:${contact.mobile}`}>
                  <PhoneFill /> {contact.mobile}
                </a>
              }
            >
              {contact.name}
            </List.Item>
          ))}
        </List>
      )}
    </Popup>
  );
}

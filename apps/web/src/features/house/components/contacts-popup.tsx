import { messages } from '@baobei/shared/messages';
import { Popup } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import type { ContactRow } from '../model/detail-text';
import styles from './popups.module.css';

const detailText = messages.houseDetail;

/** The consult list: on-site contacts and channel contacts labelled '(渠道对接人)', each a tel: link. */
export function ContactsPopup({ visible, contacts, onClose }: { visible: boolean; contacts: ContactRow[]; onClose: () => void }) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      <div data-testid="house-contacts">
        <h2 className={styles.sheetTitle}>{detailText.contactsTitle}</h2>
        {contacts.length === 0 ? (
          <p className={styles.empty}>{detailText.contactsEmpty}</p>
        ) : (
          <ul className={styles.contacts}>
            {contacts.map((contact) => (
              <li key={contact.key}>
                <a className={styles.contact} href={`tel:${contact.phone}`} data-testid="house-contact">
                  <span className={styles.contactName}>
                    {contact.name}
                    {contact.label && <span className={styles.contactLabel}>{contact.label}</span>}
                  </span>
                  <span className={styles.contactPhone}>{contact.phone}</span>
                  <PhoneFill className={styles.contactIcon} />
                </a>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className={styles.cancel} onClick={onClose}>
          {messages.common.cancel}
        </button>
      </div>
    </Popup>
  );
}

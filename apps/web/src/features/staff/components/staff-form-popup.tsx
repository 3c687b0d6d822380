import { messages } from '@baobei/shared/messages';
import { DEFAULT_STAFF_SEX, STAFF_NAME_MAX, STAFF_SHOP_MAX, validateStaffDraft, type StaffDraft } from '@baobei/shared/rules/staff';
import type { ShopOption } from '@baobei/shared/schemas/staff';
import { Button, Form, Input, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { FormPopup } from '../../../components/form-popup';
import popup from '../../../components/form-popup.module.css';
import { Picker } from '../../../components/lazy-overlays';
import styles from './staff-form-popup.module.css';

const staffText = messages.staff;

export const EMPTY_STAFF: StaffDraft = { name: '', shopname: '', phone: '', sex: DEFAULT_STAFF_SEX };

export interface StaffFormPopupProps {
  visible: boolean;
  title: string;
  /** 店长(经理) or 业务员: the {type} of the form's texts. */
  typeLabel: string;
  /** The general account names the shop; a shop manager's staff show the manager's shop, read only. */
  distributorControl: boolean;
  /** The actor's own shop, shown read only to a shop manager. */
  ownShop: string;
  initial: StaffDraft;
  /** The edit form: the type row (read only), and the shop chosen from these when given. */
  showType?: boolean;
  shopOptions?: ShopOption[];
  onClose: () => void;
  /** Resolves when the staff member was taken; a rejection keeps the form open (the caller says why). */
  onSubmit: (draft: StaffDraft) => Promise<unknown>;
  testId?: string;
}

/**
 * The add-staff and edit-staff forms (part 2, sections 3 and 5): name, shop, phone, sex
 * (default 男), checked by the shared rules in the spec's order before anything is sent.
 * Mounted per opening (destroyOnClose), so `initial` is read once.
 */
export function StaffFormPopup(props: StaffFormPopupProps) {
  const { visible, onClose, title } = props;
  return (
    <FormPopup visible={visible} title={title} onClose={onClose}>
      <StaffForm {...props} />
    </FormPopup>
  );
}

function StaffForm({ typeLabel, distributorControl, ownShop, initial, showType, shopOptions, onClose, onSubmit, testId = 'staff-form' }: StaffFormPopupProps) {
  const [draft, setDraft] = useState<StaffDraft>(initial);
  const [submitting, setSubmitting] = useState(false);
  const [picking, setPicking] = useState(false);
  const set = (patch: Partial<StaffDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const shops = shopOptions && shopOptions.length > 0 ? withCurrent(shopOptions, initial.shopname) : null;

  const confirm = async () => {
    const failure = validateStaffDraft(draft, { distributorControl });
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({ ...draft, name: draft.name.trim(), shopname: draft.shopname.trim(), phone: draft.phone.trim() });
      onClose();
    } catch {
      // The caller showed the failure; the form stays as typed.
    } finally {
      setSubmitting(false);
    }
  };

  let shopField;
  if (!distributorControl) {
    shopField = <span className={styles.readonly}>{ownShop || '—'}</span>;
  } else if (shops) {
    shopField = (
      <>
        <button type="button" className={styles.pick} onClick={() => setPicking(true)} data-testid={`${testId}-shop`}>
          {draft.shopname || <span className={styles.placeholder}>{staffText.formShopPick}</span>}
        </button>
        <Picker
          columns={[shops]}
          visible={picking}
          value={[draft.shopname]}
          onClose={() => setPicking(false)}
          onConfirm={(value) => set({ shopname: String(value[0] ?? '') })}
          confirmText={messages.common.confirm}
          cancelText={messages.common.cancel}
        />
      </>
    );
  } else {
    shopField = (
      <Input
        value={draft.shopname}
        onChange={(shopname) => set({ shopname })}
        placeholder={staffText.formShopPlaceholder}
        maxLength={STAFF_SHOP_MAX}
        clearable
        data-testid={`${testId}-shop`}
      />
    );
  }

  return (
    <>
      <Form layout="horizontal" className={popup.form}>
        {showType && (
          <Form.Item label={staffText.formType}>
            <span className={styles.readonly} data-testid={`${testId}-type`}>
              {typeLabel}
            </span>
          </Form.Item>
        )}
        <Form.Item label={staffText.formName}>
          <Input
            value={draft.name}
            onChange={(name) => set({ name })}
            placeholder={staffText.formNamePlaceholder(typeLabel)}
            maxLength={STAFF_NAME_MAX}
            clearable
            data-testid={`${testId}-name`}
          />
        </Form.Item>
        <Form.Item label={staffText.formShop}>{shopField}</Form.Item>
        <Form.Item label={staffText.formPhone}>
          <Input
            value={draft.phone}
            onChange={(phone) => set({ phone })}
            placeholder={staffText.formPhonePlaceholder(typeLabel)}
            type="tel"
            maxLength={11}
            clearable
            data-testid={`${testId}-phone`}
          />
        </Form.Item>
        <Form.Item label={staffText.formSex}>
          <Selector
            columns={2}
            options={[
              { label: staffText.male, value: 1 },
              { label: staffText.female, value: 2 },
            ]}
            value={[draft.sex]}
            onChange={(values) => set({ sex: values[0] ?? draft.sex })}
            data-testid={`${testId}-sex`}
          />
        </Form.Item>
      </Form>
      <div className={popup.actions}>
        <Button block color="primary" loading={submitting} onClick={() => void confirm()} data-testid={`${testId}-submit`}>
          {messages.common.confirm}
        </Button>
      </div>
    </>
  );
}

/** The shop options with the member's current shop among them (it may not be anyone else's). */
function withCurrent(options: ShopOption[], current: string) {
  const list = options.map((o) => ({ label: o.label, value: o.value }));
  return current && !list.some((o) => o.value === current) ? [{ label: current, value: current }, ...list] : list;
}

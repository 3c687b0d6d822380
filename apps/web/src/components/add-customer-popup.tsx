import { messages } from '@baobei/shared/messages';
import { privacyNoticeMessages } from '@baobei/shared/messages/privacy-notice';
import { customerDisplayName, validateCustomer, type CustomerDraft } from '@baobei/shared/rules/record-submit';
import type { CustomerInput } from '@baobei/shared/schemas/record';
import { Button, Checkbox, Dialog, Form, Input, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { ImageUploader } from './image-uploader';
import { FormPopup } from './form-popup';
import { PrivacyNotice } from './privacy/privacy-notice';
import styles from './form-popup.module.css';
import privacyStyles from './privacy/privacy.module.css';

export interface AddCustomerPopupProps {
  visible: boolean;
  onClose: () => void;
  /** Phones already in the list the customer joins (part 1, section 5: no duplicates). */
  existingPhones: readonly string[];
  /** Masked 11-digit phones (138****5678) are accepted: every chosen listing allows them. */
  maskedAllowed: boolean;
  /** Resolves when the customer was taken; a rejection keeps the dialog open (the caller says why). */
  onSubmit: (customer: CustomerInput) => Promise<unknown>;
  /** Editing a customer already listed: the popup opens filled in with it. */
  initial?: CustomerDraft | null;
}

const customerListText = messages.customerList;

interface Draft {
  name: string;
  sex: number | null;
  telType: number;
  phone: string;
  customerPic: string[];
  /** The customer's separate consent to the pictures (docs/decisions/095): asked whenever there are any. */
  picConsent: boolean;
}

const EMPTY: Draft = { name: '', sex: null, telType: 0, phone: '', customerPic: [], picConsent: false };

function fromCustomer(customer: CustomerDraft): Draft {
  return {
    name: customer.name,
    sex: customer.sex === 1 || customer.sex === 2 ? customer.sex : null,
    telType: customer.telType,
    phone: customer.phone,
    customerPic: [...customer.customerPic],
    picConsent: customer.picConsent === true,
  };
}

/** The add-customer dialog of part 1, section 5: name, gender, phone type and phone, proof pictures. */
export function AddCustomerPopup({ visible, onClose, existingPhones, maskedAllowed, onSubmit, initial }: AddCustomerPopupProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // Each opening starts from the customer edited, or empty.
  const [opened, setOpened] = useState(false);
  if (visible !== opened) {
    setOpened(visible);
    if (visible) setDraft(initial ? fromCustomer(initial) : EMPTY);
  }
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const close = () => {
    setDraft(EMPTY);
    onClose();
  };

  const confirm = async () => {
    if (uploading) {
      Toast.show({ content: messages.uploader.uploading });
      return;
    }
    const failure = validateCustomer(draft, { existingPhones, maskedAllowed });
    if (failure) {
      if (failure.message === messages.customer.phoneFormatContent) {
        void Dialog.alert({
          title: messages.customer.phoneFormatTitle,
          content: failure.message,
          confirmText: messages.common.confirm,
        });
      } else {
        Toast.show({ content: failure.message });
      }
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({
        name: customerDisplayName(draft.name, draft.sex),
        sex: draft.sex,
        telType: draft.telType,
        phone: draft.phone.trim(),
        customerPic: draft.customerPic,
        picConsent: draft.customerPic.length > 0 && draft.picConsent,
      });
      close();
    } catch {
      // The caller showed the failure; the form stays as typed.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormPopup
      visible={visible}
      title={initial ? customerListText.formEditTitle : customerListText.formTitle}
      onClose={close}
      titleTestId="customer-form-title"
    >
      <Form layout="horizontal" className={styles.form}>
        <Form.Item label={customerListText.formName}>
          <Input
            value={draft.name}
            onChange={(name) => set({ name })}
            placeholder={customerListText.formNamePlaceholder}
            maxLength={30}
            clearable
            data-testid="customer-form-name"
          />
        </Form.Item>
        <Form.Item label={customerListText.formSex}>
          <Selector
            columns={2}
            options={[
              { label: customerListText.sexMale, value: 1 },
              { label: customerListText.sexFemale, value: 2 },
            ]}
            value={draft.sex === null ? [] : [draft.sex]}
            onChange={(values) => set({ sex: values[0] ?? null })}
            data-testid="customer-form-sex"
          />
        </Form.Item>
        <Form.Item label={customerListText.formTelType}>
          <Selector
            columns={2}
            options={[
              { label: customerListText.telTypeMainland, value: 0 },
              { label: customerListText.telTypeOther, value: 1 },
            ]}
            value={[draft.telType]}
            onChange={(values) => set({ telType: values[0] ?? draft.telType })}
            data-testid="customer-form-tel-type"
          />
        </Form.Item>
        <Form.Item label={customerListText.formPhone}>
          <Input
            value={draft.phone}
            onChange={(phone) => set({ phone })}
            placeholder={draft.telType === 0 ? customerListText.formPhonePlaceholder : customerListText.formPhoneOtherPlaceholder}
            type="tel"
            maxLength={draft.telType === 0 ? 11 : 20}
            clearable
            data-testid="customer-form-phone"
          />
        </Form.Item>
        <Form.Item label={customerListText.formPics} description={customerListText.formPicsHint}>
          <ImageUploader
            value={draft.customerPic}
            onChange={(customerPic) => set({ customerPic })}
            onUploadingChange={setUploading}
            testId="customer-form-pics"
          />
        </Form.Item>
      </Form>
      {draft.customerPic.length > 0 && (
        <Checkbox
          className={privacyStyles.consent}
          checked={draft.picConsent}
          onChange={(picConsent) => set({ picConsent })}
          data-testid="customer-form-pic-consent"
        >
          {privacyNoticeMessages.picConsent}
        </Checkbox>
      )}
      <PrivacyNotice testId="customer-form-notice" />
      <div className={styles.actions}>
        <Button block color="primary" loading={submitting} onClick={() => void confirm()} data-testid="customer-form-submit">
          {messages.common.confirm}
        </Button>
      </div>
    </FormPopup>
  );
}

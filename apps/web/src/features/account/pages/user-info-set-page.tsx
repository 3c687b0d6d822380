import { messages } from '@baobei/shared/messages';
import {
  PROFILE_NAME_MAX,
  PROFILE_RESUME_MAX,
  isProfileSetType,
  isProfileValueUnchanged,
  validateProfileItem,
  validateProfilePhoneChange,
  type ProfileSetType,
} from '@baobei/shared/rules/profile';
import type { UserInfo } from '@baobei/shared/schemas/session';
import { TextArea, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import form from '../../../components/form-card.module.css';
import { FormInput } from '../../../components/form-input';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { useSessionStore } from '../../../lib/session/session-store';
import { useGoBack } from '../../../lib/use-go-back';
import { useUpdateInfo } from '../api/update-info';
import { BlockButton } from '../components/block-button';
import { showFailureDialog } from '../../../lib/failure-dialog';
import { FormRow } from '../../../components/form-row';
import { PhoneCodeButton } from '../components/phone-code-button';
import { PhoneInput } from '../components/phone-input';
import { SmsCodeInput } from '../components/sms-code-input';
import styles from './user-info-set-page.module.css';

const profileText = messages.profile;

/**
 * /user/info/set/:type (part 1, sections 2 and 5): name, phone or resume. Any other type is
 * the page saying the item does not exist; an unchanged value just goes back; a new phone
 * needs the SMS code sent to it.
 */
export function UserInfoSetPage() {
  const { type } = useParams();
  const userInfo = useSessionStore((s) => s.userInfo);
  if (!isProfileSetType(type)) {
    return (
      <Page backFallback="/user/info">
        <StateBlock kind="empty" title={profileText.itemNotFound} testId="user-info-set-unknown" />
      </Page>
    );
  }
  if (!userInfo) return <Page backFallback="/user/info" />;
  return <EditItem key={type} type={type} userInfo={userInfo} />;
}

function EditItem({ type, userInfo }: { type: ProfileSetType; userInfo: UserInfo }) {
  const goBack = useGoBack('/user/info');
  const update = useUpdateInfo();
  const current = userInfo[type];
  // The phone page starts empty (a new number); name and resume start from the saved value.
  const [value, setValue] = useState(type === 'phone' ? '' : current);
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (isProfileValueUnchanged(current, value)) {
      goBack();
      return;
    }
    const failure = type === 'phone' ? validateProfilePhoneChange({ phone: value, code }) : validateProfileItem(type, value);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    const input = type === 'phone' ? { phone: value.trim(), code: code.trim() } : { [type]: value.trim() };
    update.mutate(input, {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: profileText.saved });
        goBack();
      },
      onError: (error) => showFailureDialog(profileText.failedTitle, error),
    });
  };

  return (
    <Page title={profileText.editTitle[type]} backFallback="/user/info">
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <div className={form.group}>
          {type === 'name' && (
            <FormRow label={profileText.name}>
              <FormInput
                testId="user-info-set-input"
                value={value}
                onChange={setValue}
                placeholder={profileText.namePlaceholder}
                maxLength={PROFILE_NAME_MAX}
                clearable
              />
            </FormRow>
          )}
          {type === 'resume' && (
            <TextArea
              className={styles.textarea}
              value={value}
              onChange={setValue}
              placeholder={profileText.resumePlaceholder}
              rows={6}
              maxLength={PROFILE_RESUME_MAX}
              showCount
              data-testid="user-info-set-textarea"
            />
          )}
          {type === 'phone' && (
            <>
              <div className={form.row}>
                <span className={form.label}>{profileText.phoneCurrent}</span>
                <span className={styles.current} data-testid="user-info-set-current">
                  {current}
                </span>
              </div>
              <FormRow label={profileText.phoneNew}>
                <PhoneInput testId="user-info-set-input" value={value} onChange={setValue} placeholder={profileText.phonePlaceholder} />
              </FormRow>
              <FormRow label={profileText.codeLabel}>
                <SmsCodeInput testId="user-info-set-code" value={code} onChange={setCode} placeholder={profileText.codePlaceholder} />
                <PhoneCodeButton phone={value} current={current} />
              </FormRow>
            </>
          )}
        </div>
        {type === 'phone' && <p className={form.hint}>{profileText.phoneHint}</p>}
        <BlockButton type="submit" className={form.submit} loading={update.isPending} data-testid="user-info-set-save">
          {profileText.save}
        </BlockButton>
      </form>
    </Page>
  );
}

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
import { Button, Dialog, TextArea, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import form from '../../../components/form-card.module.css';
import { FormInput } from '../../../components/form-input';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { isApiError } from '../../../lib/api-error';
import { useSessionStore } from '../../../lib/session/session-store';
import { useGoBack } from '../../../lib/use-go-back';
import { useUpdateInfo } from '../api/update-info';
import { PhoneCodeButton } from '../components/phone-code-button';
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
      onError: (error) => {
        void Dialog.alert({
          title: profileText.failedTitle,
          content: isApiError(error) && error.msg ? error.msg : messages.common.requestException,
          confirmText: messages.common.confirm,
        });
      },
    });
  };

  return (
    <Page title={profileText.editTitle[type]} backFallback="/user/info">
      <form className={form.form} onSubmit={onSubmit} noValidate>
        <div className={form.group}>
          {type === 'name' && (
            <label className={form.row}>
              <span className={form.label}>{profileText.name}</span>
              <FormInput
                testId="user-info-set-input"
                value={value}
                onChange={setValue}
                placeholder={profileText.namePlaceholder}
                maxLength={PROFILE_NAME_MAX}
                clearable
              />
            </label>
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
              <label className={form.row}>
                <span className={form.label}>{profileText.phoneNew}</span>
                <FormInput
                  testId="user-info-set-input"
                  type="tel"
                  inputMode="numeric"
                  maxLength={11}
                  value={value}
                  onChange={(v) => setValue(v.replace(/\s/g, ''))}
                  placeholder={profileText.phonePlaceholder}
                  clearable
                />
              </label>
              <label className={form.row}>
                <span className={form.label}>{profileText.codeLabel}</span>
                <FormInput
                  testId="user-info-set-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(v) => setCode(v.trim())}
                  placeholder={profileText.codePlaceholder}
                />
                <PhoneCodeButton phone={value} current={current} />
              </label>
            </>
          )}
        </div>
        {type === 'phone' && <p className={form.hint}>{profileText.phoneHint}</p>}
        <Button
          type="submit"
          block
          shape="rounded"
          size="large"
          className={form.submit}
          loading={update.isPending}
          data-testid="user-info-set-save"
        >
          {profileText.save}
        </Button>
      </form>
    </Page>
  );
}

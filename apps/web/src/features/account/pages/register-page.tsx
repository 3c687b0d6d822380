import { messages } from '@baobei/shared/messages';
import { canSubmitRegistration, validateRegistration, type RegistrationField } from '@baobei/shared/rules/registration';
import type { CityNode } from '@baobei/shared/schemas/session';
import { Button, Dialog, Toast } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import formStyles from '../../../components/form-card.module.css';
import { FormInput } from '../../../components/form-input';
import { ImageUploader } from '../../../components/image-uploader';
import { CascadePicker } from '../../../components/lazy-overlays';
import { Page } from '../../../components/page';
import { isApiError } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useGoBack } from '../../../lib/use-go-back';
import { useCityTree, useRegDistributor } from '../api/registration-api';
import { uploadLicence } from '../api/upload-licence';
import { NewPasswordRows, type NewPasswordRowsText } from '../components/new-password-rows';
import styles from '../components/registration.module.css';
import { resetRegistrationDraft, updateRegistrationDraft, useRegistrationDraft } from '../model/registration-draft';

const registrationText = messages.registration;

const NEW_PASSWORD_TEXT: NewPasswordRowsText = {
  password: { label: registrationText.password, placeholder: registrationText.passwordPlaceholder, testId: 'register-password' },
  confirm: { label: registrationText.passwordMore, placeholder: registrationText.confirmRequired, testId: 'register-passwordMore' },
};

interface CascadeOption {
  label: string;
  value: string;
  children?: CascadeOption[];
}

/** The city tree as cascader options (part 2, section 3: empty children are null). */
function toOptions(nodes: readonly CityNode[]): CascadeOption[] {
  return nodes.map((n) => ({ label: n.text, value: String(n.value), ...(n.children ? { children: toOptions(n.children) } : {}) }));
}

/** The inputs carry `register-<field>` test ids; pick rows have none to focus. */
function focusField(field: RegistrationField): void {
  document.querySelector<HTMLInputElement>(`input[data-testid="register-${field}"]`)?.focus();
}

/** The shared helper: crypto.randomUUID is missing on a plain-http LAN address (docs/decisions/062). */
function newKey(): string {
  return `register-${newIdempotencyKey()}`;
}

function PickRow(props: { label: string; text: string; placeholder: string; onClick: () => void; testId: string; extra?: ReactNode }) {
  return (
    <div className={formStyles.row}>
      <span className={`${formStyles.label} ${styles.required}`}>{props.label}</span>
      <button type="button" className={styles.pick} onClick={props.onClick} data-testid={props.testId}>
        <span className={`${styles.pickText} ${props.text ? '' : styles.placeholder}`}>{props.text || props.placeholder}</span>
        {!props.extra && <RightOutline className={styles.arrow} />}
      </button>
      {props.extra}
    </div>
  );
}

/**
 * /register 分销商注册 (part 2, section 2, screen 8; section 5 'Registration'; section 8).
 * Company and channel contact are chosen on their own screens; the draft store keeps the
 * form meanwhile. Submit is enabled by the shared rule and checked by the same rules the
 * server runs.
 */
export function RegisterPage() {
  const draft = useRegistrationDraft();
  const navigate = useNavigate();
  const goBack = useGoBack('/login');
  const cities = useCityTree();
  const options = useMemo(() => toOptions(cities.data ?? []), [cities.data]);
  const [regionOpen, setRegionOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const submit = useRegDistributor();
  const idempotencyKey = useRef(newKey());

  const canSubmit = canSubmitRegistration(draft) && !uploading && !submit.isPending;

  const onSubmit = () => {
    const failure = validateRegistration(draft);
    if (failure) {
      // Part 2, section 5: a short password on submit is a danger notice and focuses the field.
      Toast.show({ content: failure.message, icon: failure.field === 'password' ? 'fail' : undefined });
      focusField(failure.field);
      return;
    }
    const payload = {
      companyLicenseName: draft.companyLicenseName,
      name: draft.name,
      creditNo: draft.creditNo,
      managerName: draft.managerName,
      managerPhone: draft.managerPhone,
      address: draft.address,
      businessLicensePic: draft.businessLicensePic,
      locationId: draft.locationId,
      password: draft.password,
      channelId: draft.channelId,
      channelName: draft.channelName,
      employeeId: draft.channelId,
    };
    submit.mutate(
      { payload, key: idempotencyKey.current },
      {
        onSuccess: async (answer) => {
          await Dialog.alert({ title: answer.msgTitle ?? registrationText.successTitle, content: answer.msg || registrationText.success, confirmText: messages.common.confirm });
          resetRegistrationDraft();
          idempotencyKey.current = newKey();
          goBack();
        },
        onError: (error) => {
          const noAnswer = !isApiError(error) || error.code === 0;
          // An answered failure is final for this key; a retry after fixing the form is a new request.
          if (!noAnswer) idempotencyKey.current = newKey();
          void Dialog.alert({
            title: registrationText.failedTitle,
            content: noAnswer ? registrationText.exception : error.msg || registrationText.failed,
            confirmText: messages.common.confirm,
          });
        },
      },
    );
  };

  const text = (field: 'name' | 'managerName' | 'managerPhone' | 'address', label: string, placeholder: string, extra: { type?: string; maxLength: number }) => (
    <label className={formStyles.row}>
      <span className={`${formStyles.label} ${styles.required}`}>{label}</span>
      <FormInput
        value={draft[field]}
        onChange={(value) => updateRegistrationDraft({ [field]: value })}
        placeholder={placeholder}
        clearable
        testId={`register-${field}`}
        {...extra}
      />
    </label>
  );

  return (
    <Page backFallback="/login">
      <div className={formStyles.form}>
        <div className={`${formStyles.group} ${styles.wide}`}>
          <PickRow
            label={registrationText.company}
            text={draft.companyLicenseName}
            placeholder={registrationText.companyPlaceholder}
            onClick={() => void navigate('/register/select/company')}
            testId="register-company"
          />
          {text('name', registrationText.shortName, registrationText.shortNameRequired, { maxLength: 50 })}
          <label className={formStyles.row}>
            <span className={`${formStyles.label} ${styles.required}`}>{registrationText.creditNo}</span>
            <FormInput
              value={draft.creditNo}
              readOnly={!draft.creditEditable}
              onChange={(value) => updateRegistrationDraft({ creditNo: value.toUpperCase() })}
              placeholder={draft.creditEditable ? registrationText.creditNoManual : registrationText.creditNoPlaceholder}
              maxLength={18}
              testId="register-creditNo"
            />
          </label>
          {text('managerName', registrationText.managerName, registrationText.managerNamePlaceholder, { maxLength: 30 })}
          {text('managerPhone', registrationText.managerPhone, registrationText.managerPhonePlaceholder, { type: 'tel', maxLength: 11 })}
          {text('address', registrationText.address, registrationText.addressPlaceholder, { maxLength: 200 })}
          <div className={styles.licence}>
            <div className={styles.licenceHead}>
              <span className={styles.required}>{registrationText.licence}</span>
            </div>
            <ImageUploader
              value={draft.businessLicensePic ? [draft.businessLicensePic] : []}
              onChange={(urls) => updateRegistrationDraft({ businessLicensePic: urls[0] ?? '' })}
              onUploadingChange={setUploading}
              maxCount={1}
              uploader={uploadLicence}
              testId="register-licence"
            />
            <div className={styles.hint}>{registrationText.licenceHint}</div>
          </div>
          <div className={formStyles.row}>
            <span className={formStyles.label}>{registrationText.channel}</span>
            <button
              type="button"
              className={styles.pick}
              onClick={() => void navigate('/register/select/channel')}
              data-testid="register-channel"
            >
              <span className={`${styles.pickText} ${draft.channelName ? '' : styles.placeholder}`}>
                {draft.channelName || registrationText.channelPlaceholder}
              </span>
              {!draft.channelName && <RightOutline className={styles.arrow} />}
            </button>
            {draft.channelName && (
              <button
                type="button"
                className={styles.remove}
                onClick={() => updateRegistrationDraft({ channelId: null, channelName: '' })}
                data-testid="register-channel-remove"
              >
                {registrationText.channelRemove}
              </button>
            )}
          </div>
          <PickRow
            label={registrationText.region}
            text={draft.locationLabels.join(' / ')}
            placeholder={registrationText.regionPlaceholder}
            onClick={() => setRegionOpen(true)}
            testId="register-region"
          />
          <NewPasswordRows required value={draft} onChange={updateRegistrationDraft} text={NEW_PASSWORD_TEXT} />
        </div>
        <div className={`${styles.hint} ${styles.passwordHint}`}>{registrationText.passwordHint}</div>
        <div className={styles.submit}>
          <Button block color="primary" size="large" disabled={!canSubmit} loading={submit.isPending} onClick={onSubmit} data-testid="register-submit">
            {registrationText.submit}
          </Button>
        </div>
      </div>
      <CascadePicker
        title={registrationText.region}
        options={options}
        visible={regionOpen}
        onClose={() => setRegionOpen(false)}
        value={draft.locationId === null ? [] : regionPath(options, String(draft.locationId))}
        loading={cities.isPending}
        onConfirm={(values, extend) => {
          const chosen = values.filter((v): v is string => typeof v === 'string' && v !== '');
          const last = chosen[chosen.length - 1];
          updateRegistrationDraft({
            locationId: last ? Number(last) : null,
            locationLabels: extend.items.filter((item) => item !== null).map((item) => String(item.label)),
          });
        }}
      />
    </Page>
  );
}

/** The option values from the root down to `value`, so the picker opens on the chosen region. */
function regionPath(options: readonly CascadeOption[], value: string): string[] {
  for (const option of options) {
    if (option.value === value) return [value];
    const below = option.children ? regionPath(option.children, value) : [];
    if (below.length) return [option.value, ...below];
  }
  return [];
}

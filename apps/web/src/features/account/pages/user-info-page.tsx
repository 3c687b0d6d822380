import { messages } from '@baobei/shared/messages';
import { PROFILE_SEX_OPTIONS, profileSexLabel, type ProfileSetType } from '@baobei/shared/rules/profile';
import { Avatar, List, Toast } from 'antd-mobile';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { IMAGE_ACCEPT, imageFileProblem } from '@baobei/shared/rules/image-file';
import { Picker } from '../../../components/lazy-overlays';
import { Page } from '../../../components/page';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useCompanyStore } from '../../../lib/company-store';
import { useSessionStore } from '../../../lib/session/session-store';
import { uploadAvatar, uploadImage } from '../../../lib/upload-image';
import { useUpdateInfo } from '../api/update-info';
import styles from './user-info-page.module.css';

const profileText = messages.profile;
const sexColumns = [PROFILE_SEX_OPTIONS.map((o) => ({ label: o.label, value: o.value }))];

function Value({ text, testId }: { text: string; testId: string }) {
  return (
    <span className={text ? styles.value : `${styles.value} ${styles.placeholder}`} data-testid={testId}>
      {text || profileText.notSet}
    </span>
  );
}

/**
 * /user/info (part 1, sections 2 and 3): avatar, name, phone, gender (confidential, male,
 * female), resume, company. Name, phone and resume open their edit page; avatar and gender
 * change here.
 */
export function UserInfoPage() {
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const companyTitle = useCompanyStore((s) => s.company?.title ?? '');
  const update = useUpdateInfo();
  const fileInput = useRef<HTMLInputElement>(null);
  const [sexOpen, setSexOpen] = useState(false);
  const [uploading, setUploading] = useState(false);

  if (!userInfo) return <Page backFallback="/home?active=my" />;
  const edit = (type: ProfileSetType) => () => void navigate(`/user/info/set/${type}`);

  const onAvatarPicked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      Toast.show({ content: problem });
      return;
    }
    setUploading(true);
    const loading = Toast.show({ icon: 'loading', content: profileText.uploading, duration: 0 });
    // Part 1, section 8: an upload failure says so ('…请稍后重试' or '…请检查网络'), a failed
    // save says 'avatar change failed'.
    const message = await uploadImage(file, uploadAvatar).then(
      ({ url }) => update.mutateAsync({ avatar: url }).then(() => null, () => profileText.avatarFailed),
      (error: unknown) =>
        isApiError(error) && error.code === 0 ? messages.upload.failedNetwork : errorMessage(error, messages.upload.failed),
    );
    loading.close();
    setUploading(false);
    Toast.show(message ? { content: message } : { icon: 'success', content: profileText.saved });
  };

  const onSex = (sex: number) => {
    if (sex === userInfo.sex) return;
    update.mutate(
      { sex },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: profileText.saved }),
        onError: () => Toast.show({ content: profileText.sexFailed }),
      },
    );
  };

  return (
    <Page backFallback="/home?active=my">
      <List mode="card" className={styles.list} data-testid="user-info">
        <List.Item
          onClick={uploading ? undefined : () => fileInput.current?.click()}
          extra={<Avatar src={userInfo.avatar} className={styles.avatar} data-testid="user-info-avatar" />}
          data-testid="user-info-avatar-row"
        >
          {profileText.avatar}
        </List.Item>
        <List.Item onClick={edit('name')} extra={<Value text={userInfo.name} testId="user-info-name" />}>
          {profileText.name}
        </List.Item>
        <List.Item onClick={edit('phone')} extra={<Value text={userInfo.phone} testId="user-info-phone" />}>
          {profileText.phone}
        </List.Item>
        <List.Item onClick={() => setSexOpen(true)} extra={<Value text={profileSexLabel(userInfo.sex)} testId="user-info-sex" />}>
          {profileText.sex}
        </List.Item>
        <List.Item onClick={edit('resume')} extra={<Value text={userInfo.resume} testId="user-info-resume" />}>
          {profileText.resume}
        </List.Item>
      </List>
      <List mode="card" className={styles.list}>
        <List.Item extra={<Value text={userInfo.distributorName || companyTitle} testId="user-info-company" />}>
          {profileText.company}
        </List.Item>
      </List>
      <input
        ref={fileInput}
        className={styles.file}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => void onAvatarPicked(event)}
        data-testid="user-info-avatar-file"
      />
      <Picker
        title={profileText.sexPickerTitle}
        columns={sexColumns}
        visible={sexOpen}
        value={[userInfo.sex]}
        onClose={() => setSexOpen(false)}
        onConfirm={(value) => {
          if (typeof value[0] === 'number') onSex(value[0]);
        }}
        confirmText={messages.common.confirm}
        cancelText={messages.common.cancel}
      />
    </Page>
  );
}

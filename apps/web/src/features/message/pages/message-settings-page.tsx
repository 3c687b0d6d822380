import { messages } from '@baobei/shared/messages';
import type { MessageKind } from '@baobei/shared/rules/message';
import type { MessageSettings } from '@baobei/shared/schemas/message';
import { List, Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { StateBlock } from '../../../components/state-block';
import { errorMessage } from '../../../lib/api-error';
import { useMessageSettings, useSaveMessageSettings } from '../api/message-settings';
import styles from './message-settings-page.module.css';

const text = messages.message;

/** The kinds turned off once `kind` is set to `enabled`: what the server stores. */
function disabledAfter(settings: MessageSettings, kind: MessageKind, enabled: boolean): MessageKind[] {
  return settings.kinds.filter((k) => (k.kind === kind ? !enabled : !k.enabled)).map((k) => k.kind);
}

function SettingsBody({ settings }: { settings: MessageSettings }) {
  const save = useSaveMessageSettings();
  // The switch being saved and its new value, shown until the answer; then the stored value.
  const [pending, setPending] = useState<{ kind: MessageKind; enabled: boolean } | null>(null);

  const onChange = (kind: MessageKind, enabled: boolean) => {
    if (save.isPending) return;
    setPending({ kind, enabled });
    save.mutate(disabledAfter(settings, kind, enabled), {
      onSuccess: () => Toast.show({ icon: 'success', content: text.settingsSaved }),
      onError: (error) => Toast.show({ content: errorMessage(error, text.settingsSaveFailed) }),
      onSettled: () => setPending(null),
    });
  };

  // A role that receives no kind (channel staff) has nothing to switch, and WeChat would send it nothing.
  if (settings.kinds.length === 0) return <StateBlock kind="empty" title={text.settingsNone} testId="message-settings-empty" />;
  return (
    <>
      <List mode="card" header={text.settingsKinds} className={styles.list} data-testid="message-settings-kinds">
        {settings.kinds.map((k) => {
          const checked = pending?.kind === k.kind ? pending.enabled : k.enabled;
          return (
            <List.Item
              key={k.kind}
              description={text.kindHint[k.kind]}
              extra={
                <Switch
                  checked={checked}
                  loading={save.isPending && pending?.kind === k.kind}
                  disabled={save.isPending && pending?.kind !== k.kind}
                  onChange={(next) => onChange(k.kind, next)}
                  data-testid={`message-setting-${k.kind}`}
                />
              }
              data-testid={`message-setting-row-${k.kind}`}
            >
              {k.text}
            </List.Item>
          );
        })}
      </List>
      <List mode="card" className={styles.list}>
        <List.Item
          description={settings.wechatBound ? text.wechatBound : text.wechatUnbound}
          extra={
            <span className={settings.wechatBound ? styles.bound : undefined} data-testid="message-settings-wechat">
              {settings.wechatBound ? text.wechatOn : text.wechatOff}
            </span>
          }
        >
          {text.wechatTitle}
        </List.Item>
      </List>
      <p className={styles.hint}>{text.settingsHint}</p>
    </>
  );
}

/** /my/message/settings 消息设置: each kind the viewer's role receives, on or off, for the app, WeChat and SMS alike. */
export function MessageSettingsPage() {
  const settings = useMessageSettings();
  return (
    <Page backFallback="/my/message">
      {settings.data ? (
        <SettingsBody settings={settings.data} />
      ) : settings.isError ? (
        <StateBlock
          kind="error"
          title={text.settingsLoadError}
          onRetry={() => void settings.refetch()}
          testId="message-settings-error"
        />
      ) : (
        <PageLoading />
      )}
    </Page>
  );
}

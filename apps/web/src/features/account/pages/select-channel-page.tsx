import { messages } from '@baobei/shared/messages';
import { ROLE_LABELS } from '@baobei/shared/rules/roles';
import type { ChannelOption } from '@baobei/shared/schemas/registration';
import { CheckOutline } from 'antd-mobile-icons';
import { Page } from '../../../components/page';
import { QueryStates } from '../../../components/query-states';
import { StateBlock } from '../../../components/state-block';
import { useGoBack } from '../../../lib/use-go-back';
import { useChannelSelect } from '../api/registration-api';
import styles from '../components/registration.module.css';
import { updateRegistrationDraft, useRegistrationDraft } from '../model/registration-draft';

const registrationText = messages.registration;

/** /register/select/channel 选择渠道对接人: the company's channel contacts; optional on the form. */
export function SelectChannelPage() {
  const current = useRegistrationDraft((s) => s.channelId);
  const goBack = useGoBack('/register');
  const channels = useChannelSelect();

  const choose = (channel: ChannelOption) => {
    updateRegistrationDraft({ channelId: channel.id, channelName: channel.name });
    goBack();
  };

  return (
    <Page onBack={goBack}>
      <QueryStates
        query={channels}
        isEmpty={(channels.data ?? []).length === 0}
        empty={<StateBlock kind="empty" title={registrationText.channelEmpty} testId="select-channel-empty" />}
        errorTitle={registrationText.channelLoadError}
        testId="select-channel"
      >
        <div data-testid="select-channel-list">
          {(channels.data ?? []).map((c) => (
            <button key={c.id} type="button" className={styles.option} onClick={() => choose(c)} data-testid="select-channel-row">
              <span>
                {c.name}
                <span className={styles.optionSub}>
                  {ROLE_LABELS[c.role]} · {c.mobile}
                  {c.manageArea ? ` · ${c.manageArea}` : ''}
                </span>
              </span>
              {c.id === current && <CheckOutline className={styles.current} />}
            </button>
          ))}
        </div>
      </QueryStates>
    </Page>
  );
}

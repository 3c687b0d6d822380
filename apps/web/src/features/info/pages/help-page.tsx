import { messages } from '@baobei/shared/messages';
import { Button, Collapse, TextArea, Toast } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Page } from '../../../components/page';
import { SectionTitle } from '../../../components/section-card';
import { isApiError } from '../../../lib/api-error';
import { createIdempotencyKeeper } from '../../../lib/idempotency-key';
import { flushOutboxSoon } from '../../../lib/outbox/outbox-send';
import { addToOutbox } from '../../../lib/outbox/outbox-store';
import { showFailureDialog } from '../../../lib/failure-dialog';
import { useSessionStore } from '../../../lib/session/session-store';
import { useGoBack } from '../../../lib/use-go-back';
import { useAddGbook } from '../api/add-gbook';
import { FEEDBACK_MAX_LENGTH, validateFeedback } from '../feedback';
import styles from './info-pages.module.css';

const helpText = messages.help;

/** /help (帮助与反馈): common questions and the feedback form (part 1, sections 2 and 5). */
export function HelpPage() {
  const goBack = useGoBack('/home?active=my');
  const kefPhone = useSessionStore((s) => s.config?.kefPhone ?? '');
  // 修改后重新提交 of a refused outbox item comes back with its text (docs/decisions/094).
  const location = useLocation();
  const [content, setContent] = useState(() => (location.state as { feedback?: string } | null)?.feedback ?? '');
  const [keyOf] = useState(() => createIdempotencyKeeper());
  const submit = useAddGbook();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const failure = validateFeedback(content);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    const input = { content: content.trim() };
    const key = keyOf(input);
    submit.mutate(
      { input, key },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: helpText.success });
          setContent('');
          goBack();
        },
        onError: async (error) => {
          if (isApiError(error) && error.handled) return;
          // No answer at all: kept in the outbox with this key, sent when the network returns.
          if (isApiError(error) && error.code === 0 && (await addToOutbox({ kind: 'feedback', key, input }))) {
            flushOutboxSoon();
            Toast.show({ content: messages.outbox.saved(messages.outbox.kind.feedback) });
            setContent('');
            goBack();
            return;
          }
          showFailureDialog(helpText.failedTitle, error, helpText.failed);
        },
      },
    );
  };

  return (
    <Page backFallback="/home?active=my">
      <section className={styles.card}>
        <SectionTitle className={styles.cardTitle}>{helpText.faqTitle}</SectionTitle>
        <Collapse accordion className={styles.faq} data-testid="help-faq">
          {helpText.faq.map((item, index) => (
            <Collapse.Panel key={String(index)} title={item.q}>
              <p className={styles.answer}>{item.a}</p>
            </Collapse.Panel>
          ))}
        </Collapse>
      </section>

      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <SectionTitle className={styles.cardTitle}>{helpText.feedbackTitle}</SectionTitle>
        <TextArea
          className={styles.textarea}
          value={content}
          onChange={setContent}
          placeholder={helpText.feedbackPlaceholder}
          rows={5}
          maxLength={FEEDBACK_MAX_LENGTH}
          showCount
          data-testid="help-content"
        />
        <Button
          block
          type="submit"
          color="primary"
          className={styles.submit}
          loading={submit.isPending}
          data-testid="help-submit"
        >
          {helpText.submit}
        </Button>
      </form>

      {kefPhone && (
        <a className={styles.hotline} href={`tel:${kefPhone}`} data-testid="help-kef-phone">
          <PhoneFill />
          {helpText.kefPhone} {kefPhone}
        </a>
      )}
    </Page>
  );
}

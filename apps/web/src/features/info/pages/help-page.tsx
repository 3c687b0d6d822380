import { messages } from '@baobei/shared/messages';
import { Button, Collapse, TextArea, Toast } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { Page } from '../../../components/page';
import { SectionTitle } from '../../../components/section-card';
import { isApiError } from '../../../lib/api-error';
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
  const [content, setContent] = useState('');
  const submit = useAddGbook();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const failure = validateFeedback(content);
    if (failure) {
      Toast.show({ content: failure });
      return;
    }
    submit.mutate(
      { content: content.trim() },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: helpText.success });
          setContent('');
          goBack();
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
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

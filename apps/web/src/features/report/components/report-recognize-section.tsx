import { messages } from '@baobei/shared/messages';
import { Button, List, TextArea } from 'antd-mobile';
import styles from './report-form.module.css';

const formText = messages.reportForm;

/** 智能识别: a pasted message whose customers, viewing person and visitor count join the form. */
export function ReportRecognizeSection({
  text,
  onTextChange,
  recognizing,
  onRecognize,
}: {
  text: string;
  onTextChange: (text: string) => void;
  recognizing: boolean;
  onRecognize: () => void;
}) {
  return (
    <List header={formText.recognize} className={styles.section}>
      <List.Item>
        <TextArea
          value={text}
          onChange={onTextChange}
          placeholder={formText.recognizePlaceholder}
          rows={3}
          maxLength={5000}
          data-testid="report-recognize-text"
        />
        <div className={styles.recognizeActions}>
          <Button size="small" color="primary" loading={recognizing} onClick={onRecognize} data-testid="report-recognize">
            {formText.recognizeButton}
          </Button>
        </div>
      </List.Item>
    </List>
  );
}

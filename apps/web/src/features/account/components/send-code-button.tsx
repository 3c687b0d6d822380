import styles from '../../../components/sms-code-button.module.css';

/** The 获取验证码 button beside an SMS code field; its text comes from useSmsCountdown. */
export function SendCodeButton({ label, disabled, onClick, testId }: { label: string; disabled: boolean; onClick: () => void; testId: string }) {
  return (
    <button type="button" className={styles.button} disabled={disabled} onClick={onClick} data-testid={testId}>
      {label}
    </button>
  );
}

import { messages } from '@baobei/shared/messages';
import { Button, List } from 'antd-mobile';
import { privacyNoticeMessages } from '@baobei/shared/messages/privacy-notice';
import { lacksPicConsent } from '@baobei/shared/rules/record-submit';
import { updateDraft, type DraftCustomer } from '../../../lib/report-draft';
import styles from './report-form.module.css';

const formText = messages.reportForm;
const reportText = messages.record;

function sexLabel(sex: number | null): string {
  if (sex === 1) return formText.sexMale;
  if (sex === 2) return formText.sexFemale;
  return formText.sexUnknown;
}

/**
 * 客户: the count against the company's limit, each customer (a tap edits it, 删除 removes
 * it), the over-limit line, and 添加客户 / 选择客户.
 */
export function ReportCustomersSection({
  customers,
  maxCustomers,
  overLimit,
  onEdit,
  onAdd,
  onSelect,
}: {
  customers: DraftCustomer[];
  maxCustomers: number;
  overLimit: boolean;
  onEdit: (key: string) => void;
  onAdd: () => void;
  onSelect: () => void;
}) {
  return (
    <List
      header={
        <div className={styles.sectionHead}>
          <span>{formText.customers}</span>
          <span className={overLimit ? styles.countOver : styles.count} data-testid="report-customer-count">
            {formText.customerCount(customers.length, maxCustomers)}
          </span>
        </div>
      }
      className={styles.section}
    >
      {customers.length === 0 && (
        <List.Item>
          <span className={styles.placeholder}>{formText.customersEmpty}</span>
        </List.Item>
      )}
      {customers.map((c) => (
        <List.Item
          key={c.key}
          data-testid="report-customer"
          onClick={() => onEdit(c.key)}
          arrow={false}
          description={
            <span>
              {c.phone}
              {c.customerPic.length > 0 && <span className={styles.pics}>{formText.picCount(c.customerPic.length)}</span>}
              {lacksPicConsent(c) && (
                <span className={styles.consentMissing} data-testid="report-customer-consent-missing">
                  {privacyNoticeMessages.consentPending}
                </span>
              )}
            </span>
          }
          extra={
            <button
              type="button"
              className={styles.remove}
              data-testid="report-customer-remove"
              onClick={(event) => {
                event.stopPropagation();
                void updateDraft((d) => ({ ...d, customers: d.customers.filter((x) => x.key !== c.key) }));
              }}
            >
              {formText.removeCustomer}
            </button>
          }
        >
          {c.name}
          <span className={c.sex === 1 || c.sex === 2 ? styles.sex : styles.sexMissing}>{sexLabel(c.sex)}</span>
        </List.Item>
      ))}
      {overLimit && (
        <List.Item>
          <span className={styles.limit}>{reportText.tooManyCustomers(maxCustomers, customers.length)}</span>
        </List.Item>
      )}
      <List.Item>
        <div className={styles.actions}>
          <Button size="small" color="primary" fill="outline" onClick={onAdd} data-testid="report-add-customer">
            {formText.addCustomer}
          </Button>
          <Button size="small" color="primary" fill="outline" onClick={onSelect} data-testid="report-select-customer">
            {formText.selectCustomer}
          </Button>
        </div>
      </List.Item>
    </List>
  );
}

import { messages } from '@baobei/shared/messages';
import { formatFenGrouped } from '@baobei/shared/rules/commission';
import type { CommissionPayment, Deal } from '@baobei/shared/schemas/record-deal';
import { Button, Image, Tag } from 'antd-mobile';
import { ImageViewer } from '../../../components/lazy-overlays';
import { commissionRows, dealFactRows, policyRows, type DealRow } from '../model/deal-card';
import styles from './deal-card.module.css';

const text = messages.deal.card;
const yuan = (fen: number) => text.yuan(formatFenGrouped(fen));
export const SETTLEMENT_COLOR = { PENDING: 'warning', PARTIAL: 'primary', SETTLED: 'success' } as const;

function Rows({ rows, testId }: { rows: DealRow[]; testId: string }) {
  return (
    <dl className={styles.rows} data-testid={testId}>
      {rows.map((row) => (
        <div key={row.key} className={styles.row} data-testid={`deal-${row.key}`}>
          <dt className={styles.label}>{row.label}</dt>
          <dd className={styles.value}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface DealCardProps {
  deal: Deal;
  /** The auditor admin's actions (decision 052); absent: read only. */
  onAdjust?: (() => void) | undefined;
  onPay?: (() => void) | undefined;
  /** 修改成交 and 冲销 (decision 080), the auditor admin's too. */
  onEdit?: (() => void) | undefined;
  onReverse?: ((payment: CommissionPayment) => void) | undefined;
}

/**
 * The deal of a report on its detail and audit page (issue 17, item 5): the unit, area, price,
 * signing date, property type and contract; the commission owed with its breakdown and the
 * policy used (as it was when recorded); an adjustment with its reason; the settlement, paid and
 * left, and every payment.
 */
export function DealCard({ deal, onAdjust, onPay, onEdit, onReverse }: DealCardProps) {
  const adjusted = deal.adjustedCommissionFen !== null;
  return (
    <section className={styles.card} data-testid="deal-card" data-state={deal.settlementState} data-version={deal.version}>
      <div className={styles.head}>
        <h3 className={styles.title}>{text.title}</h3>
        <Tag color={SETTLEMENT_COLOR[deal.settlementState]} fill="outline" data-testid="deal-settlement">
          {deal.settlementText}
        </Tag>
      </div>
      <Rows rows={dealFactRows(deal)} testId="deal-facts" />
      <div className={styles.row}>
        <span className={styles.label}>{text.contract}</span>
        <span className={styles.value}>
          <Image
            src={deal.contractPicture}
            fit="cover"
            className={styles.contract}
            onClick={() => ImageViewer.show({ image: deal.contractPicture, maxZoom: 3 })}
            data-testid="deal-contract-picture"
          />
        </span>
      </div>

      <div className={styles.section}>
        <div className={`${styles.row} ${styles.owedRow}`}>
          <span className={styles.label}>{text.commission}</span>
          <span className={`${styles.value} ${styles.owed}`}>
            <span className={styles.money} data-testid="deal-commission">
              {yuan(deal.commissionFen)}
            </span>
            {adjusted && (
              <Tag color="danger" fill="outline" data-testid="deal-adjusted">
                {text.adjustedTag}
              </Tag>
            )}
          </span>
        </div>
        {adjusted && (
          <div className={styles.row} data-testid="deal-adjust-reason">
            <span className={styles.label}>{text.adjustReason}</span>
            <span className={`${styles.value} ${styles.reason}`}>{deal.adjustReason}</span>
          </div>
        )}
        <Rows rows={commissionRows(deal)} testId="deal-breakdown" />
        {deal.breakdown.notes.map((note) => (
          <p key={note} className={styles.note} data-testid="deal-note">
            {note}
          </p>
        ))}
      </div>

      <div className={styles.section}>
        <h4 className={styles.subTitle}>{text.policy}</h4>
        <Rows rows={policyRows(deal)} testId="deal-policy" />
      </div>

      <div className={styles.section}>
        <div className={styles.settle}>
          <div>
            <div className={`${styles.settleValue} ${styles.paid}`} data-testid="deal-paid">
              {yuan(deal.paidFen)}
            </div>
            <div className={styles.settleLabel}>{text.paid}</div>
          </div>
          <div>
            <div className={`${styles.settleValue} ${styles.left}`} data-testid="deal-left">
              {yuan(deal.leftFen)}
            </div>
            <div className={styles.settleLabel}>{text.left}</div>
          </div>
        </div>
      </div>

      <div className={styles.section} data-testid="deal-payments">
        <h4 className={styles.subTitle}>{text.payments}</h4>
        {deal.payments.length === 0 ? (
          <div className={styles.empty}>{text.noPayments}</div>
        ) : (
          deal.payments.map((p) => (
            <div key={p.id} className={styles.payment} data-testid="deal-payment">
              <div className={styles.paymentHead}>
                {/* A reversed payment (冲销, decision 080) no longer counts: struck through, with why. */}
                <span className={p.reversed ? styles.reversedAmount : undefined}>{yuan(p.amountFen)}</span>
                <span className={styles.paymentSide}>
                  {p.paidOn}
                  {onReverse && !p.reversed ? (
                    <Button size="mini" color="danger" fill="outline" onClick={() => onReverse(p)} aria-label={`${text.reverse} ${p.amount}`} data-testid="deal-payment-reverse">
                      {text.reverse}
                    </Button>
                  ) : null}
                </span>
              </div>
              <div className={styles.meta}>{p.reference ? text.reference(p.reference) : text.noReference}</div>
              {p.invoiceNo ? (
                <div className={styles.meta} data-testid="deal-payment-invoice">
                  {text.invoiceNo(p.invoiceNo)}
                </div>
              ) : null}
              <div className={styles.meta}>{text.paymentBy(p.createdByName, p.createdAt)}</div>
              {p.reversed ? (
                <div className={styles.meta} data-testid="deal-payment-reversed">
                  {text.reversed(p.reverseReason, p.reversedAt)}
                </div>
              ) : null}
            </div>
          ))
        )}
        <div className={styles.meta}>{text.recordedBy(deal.createdAt)}</div>
      </div>

      {(onAdjust || onPay || onEdit) && (
        <div className={styles.actions}>
          {onEdit && (
            <Button color="primary" fill="outline" onClick={onEdit} data-testid="deal-edit">
              {text.edit}
            </Button>
          )}
          {onAdjust && (
            <Button color="primary" fill="outline" onClick={onAdjust} data-testid="deal-adjust">
              {text.adjust}
            </Button>
          )}
          {onPay && (
            <Button color="primary" onClick={onPay} data-testid="deal-pay">
              {text.pay}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

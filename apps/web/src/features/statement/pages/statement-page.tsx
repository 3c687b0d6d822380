import { messages } from '@baobei/shared/messages';
import { formatFenGrouped as yuan } from '@baobei/shared/rules/commission';
import { shiftStatementMonth, statementMonthOf } from '@baobei/shared/rules/statement';
import type { StatementDeal } from '@baobei/shared/schemas/statement';
import { PullToRefresh, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import card from '../../../components/list-card.module.css';
import listPage from '../../../components/list-page.module.css';
import { Page } from '../../../components/page';
import { PagedListBody, usePagedItems } from '../../../components/paged-list-body';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useStatement } from '../api/get-statement';
import sumsCard from '../../../components/sums-card.module.css';
import styles from './statement-page.module.css';

const text = messages.statement;
const phone = text.phone;
const STATE_COLOR = { PENDING: 'warning', PARTIAL: 'primary', SETTLED: 'success' } as const;

function DealCard({ deal }: { deal: StatementDeal }) {
  const navigate = useNavigate();
  return (
    <div className={card.card} role="link" tabIndex={0} onClick={() => void navigate(`/record/detail/${deal.recordId}`)} data-testid="statement-deal" data-record-id={deal.recordId}>
      <div className={styles.row}>
        <span className={`${styles.house} ${card.oneLine}`}>{deal.houseName}</span>
        <Tag color={STATE_COLOR[deal.settlementState]} fill="outline">
          {deal.settlementText}
        </Tag>
      </div>
      <div className={styles.row}>
        <span>
          {deal.customerName} · {phone.unit(deal.building, deal.room)}
        </span>
        <span>{phone.signedOn(deal.signedOn)}</span>
      </div>
      <div className={styles.row}>
        <span>
          {messages.deal.page.commission} {phone.yuan(yuan(deal.commissionFen))}
        </span>
        <span>
          {messages.deal.page.paid} <span className={sumsCard.settled}>{phone.yuan(yuan(deal.paidFen))}</span>
        </span>
        <span>
          {messages.deal.page.pending} <span className={sumsCard.pending}>{phone.yuan(yuan(deal.pendingFen))}</span>
        </span>
      </div>
      {deal.payments.length > 0 && (
        <div className={styles.payments} data-testid="statement-payments">
          {deal.payments.map((p) => (
            <div key={p.id} className={styles.payment} data-testid="statement-payment" data-reversed={p.reversed}>
              {/* A reversed payment (冲销) is listed, struck through, and counts for nothing. */}
              <span className={p.reversed ? styles.reversed : undefined}>{phone.payment(p.paidOn, yuan(p.amountFen))}</span>
              <span>{p.reversed ? phone.reversed : p.invoiceNo ? phone.invoice(p.invoiceNo) : phone.noInvoice}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * /subDistributor/statement 对账单 (issue 30, item 6; docs/decisions/082): the general account's
 * distributor's month, this month first: the sums, then each deal with its payments and 发票号.
 */
export function StatementPage() {
  const current = statementMonthOf(new Date());
  const [month, setMonth] = useState(current);
  const statement = useStatement(month);
  const items = usePagedItems(statement);
  const first = statement.data?.pages[0];
  const sums = first?.sums;
  useListFailureToast(statement, phone.loadError);

  return (
    <Page backFallback="/home?active=my">
      <div className={styles.monthBar} data-testid="statement-month-bar">
        <button type="button" onClick={() => setMonth(shiftStatementMonth(month, -1))} data-testid="statement-prev">
          ‹ {phone.prev}
        </button>
        <span data-testid="statement-month">{text.period(month)}</span>
        <button type="button" disabled={month >= current} onClick={() => setMonth(shiftStatementMonth(month, 1))} data-testid="statement-next">
          {phone.next} ›
        </button>
      </div>
      <PullToRefresh onRefresh={() => statement.refetch()}>
        <div className={listPage.screenBody}>
          {sums && (
            <section className={sumsCard.sums} data-testid="statement-sums">
              <div className={sumsCard.sumsTitle}>
                {first.distributorName} · {phone.sums}
              </div>
              <div className={sumsCard.grid}>
                <div>
                  <div className={`${sumsCard.value} ${sumsCard.pending}`} data-testid="statement-pending">
                    {phone.yuan(yuan(sums.pendingFen))}
                  </div>
                  <div className={sumsCard.label}>{messages.deal.page.pending}</div>
                </div>
                <div>
                  <div className={`${sumsCard.value} ${sumsCard.settled}`} data-testid="statement-paid">
                    {phone.yuan(yuan(sums.paidFen))}
                  </div>
                  <div className={sumsCard.label}>{messages.deal.page.paid}</div>
                </div>
                <div>
                  <div className={sumsCard.value} data-testid="statement-owed">
                    {phone.yuan(yuan(sums.commissionFen))}
                  </div>
                  <div className={sumsCard.label}>{messages.deal.page.commission}</div>
                </div>
              </div>
              <div className={sumsCard.foot}>
                <span>
                  {messages.deal.page.dealCount} {sums.dealCount}
                </span>
                <span>
                  {messages.deal.page.dealValue} {phone.yuan(yuan(sums.totalPriceFen))}
                </span>
              </div>
            </section>
          )}
          <PagedListBody
            query={statement}
            items={items}
            itemKey={(item) => item.dealId}
            renderItem={(item) => <DealCard deal={item} />}
            testId="statement-deals"
            emptyTitle={text.empty}
            emptyTestId="statement-empty"
            errorTitle={phone.loadError}
            noMoreText={phone.noMore}
            failedText={phone.loadError}
          />
        </div>
      </PullToRefresh>
    </Page>
  );
}

import { messages } from '@baobei/shared/messages';
import { isShopManager } from '@baobei/shared/rules/access';
import { formatFenGrouped as yuan } from '@baobei/shared/rules/commission';
import type { DataOf } from '@baobei/shared/contract/endpoint';
import type { api } from '@baobei/shared/contract';
import { PullToRefresh, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import card from '../../../components/list-card.module.css';
import listPage from '../../../components/list-page.module.css';
import { Page } from '../../../components/page';
import { PagedListBody, usePagedItems } from '../../../components/paged-list-body';
import { selectRole, useSessionStore } from '../../../lib/session/session-store';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useDealList } from '../api/get-deal-list';
import sumsCard from '../../../components/sums-card.module.css';
import styles from './my-commission-page.module.css';

const text = messages.deal.page;
type DealItem = DataOf<typeof api.recordDeal.getDealList>['list'][number];
const STATE_COLOR = { PENDING: 'warning', PARTIAL: 'primary', SETTLED: 'success' } as const;

function DealCard({ deal, showReporter }: { deal: DealItem; showReporter: boolean }) {
  const navigate = useNavigate();
  return (
    <div className={card.card} role="link" tabIndex={0} onClick={() => void navigate(`/record/detail/${deal.recordId}`)} data-testid="deal-row" data-record-id={deal.recordId} data-state={deal.settlementState}>
      <div className={styles.row}>
        <span className={`${styles.house} ${card.oneLine}`}>{deal.houseName}</span>
        <Tag color={STATE_COLOR[deal.settlementState]} fill="outline">
          {deal.settlementText}
        </Tag>
      </div>
      <div className={styles.row}>
        <span>
          {deal.customerName} · {text.unit(deal.building, deal.room)} · {deal.floorArea}㎡
        </span>
      </div>
      <div className={styles.row}>
        <span>{text.price(yuan(deal.totalPriceFen))}</span>
        <span>{text.signedOn(deal.signedOn)}</span>
      </div>
      {showReporter && <div className={styles.row}>{text.reporter(deal.reporterName)}</div>}
      <div className={styles.row}>
        <span>
          {text.commission}
          {deal.adjustedCommissionFen !== null && (
            <Tag className={styles.adjustedTag} color="danger" fill="outline" data-testid="deal-row-adjusted">
              {text.adjusted}
            </Tag>
          )}
        </span>
        <span>
          {deal.adjustedCommissionFen !== null && <span className={styles.computed}>{text.computed(yuan(deal.breakdown.totalFen))}</span>}
          <span className={styles.money} data-testid="deal-row-commission">
            {text.yuan(yuan(deal.commissionFen))}
          </span>
        </span>
      </div>
      {deal.adjustedCommissionFen !== null && deal.adjustReason && (
        <div className={styles.reason} data-testid="deal-row-adjust-reason">
          {text.adjustReason(deal.adjustReason)}
        </div>
      )}
      <div className={styles.row}>
        <span>
          {text.paid} <span className={sumsCard.settled}>{text.yuan(yuan(deal.paidFen))}</span>
        </span>
        <span>
          {text.pending} <span className={sumsCard.pending}>{text.yuan(yuan(deal.leftFen))}</span>
        </span>
      </div>
    </div>
  );
}

/** /my/commission 我的佣金 (issue 17, item 5; decision 052): the deals of the user's reports (a shop manager: also the shop's), with the pending and settled sums. */
export function MyCommissionPage() {
  const role = useSessionStore(selectRole);
  const [scope, setScope] = useState<'own' | 'company'>('own');
  const list = useDealList(scope);
  const items = usePagedItems(list);
  const sums = list.data?.pages[0]?.sums;
  useListFailureToast(list, text.loadError);

  return (
    <Page backFallback="/home?active=my">
      {isShopManager(role) && (
        <Tabs className={styles.tabs} activeKey={scope} onChange={(key) => setScope(key as 'own' | 'company')}>
          <Tabs.Tab key="own" title={text.tabs.own} />
          <Tabs.Tab key="company" title={text.tabs.company} />
        </Tabs>
      )}
      <PullToRefresh onRefresh={() => list.refetch()}>
        <div className={listPage.screenBody}>
          {sums && (
            <section className={sumsCard.sums} data-testid="commission-sums">
              <div className={sumsCard.sumsTitle}>{text.sumsTitle}</div>
              <div className={sumsCard.grid}>
                <div>
                  <div className={`${sumsCard.value} ${sumsCard.pending}`} data-testid="commission-pending">
                    {text.yuan(yuan(sums.pendingFen))}
                  </div>
                  <div className={sumsCard.label}>{text.pending}</div>
                </div>
                <div>
                  <div className={`${sumsCard.value} ${sumsCard.settled}`} data-testid="commission-paid">
                    {text.yuan(yuan(sums.paidFen))}
                  </div>
                  <div className={sumsCard.label}>{text.paid}</div>
                </div>
                <div>
                  <div className={sumsCard.value}>{text.yuan(yuan(sums.commissionFen))}</div>
                  <div className={sumsCard.label}>{text.commission}</div>
                </div>
              </div>
              <div className={sumsCard.foot}>
                <span>
                  {text.dealCount} {sums.dealCount}
                </span>
                <span>
                  {text.dealValue} {text.yuan(yuan(sums.totalPriceFen))}
                </span>
              </div>
            </section>
          )}
          <PagedListBody
            query={list}
            items={items}
            itemKey={(item) => item.id}
            renderItem={(item) => <DealCard deal={item} showReporter={scope === 'company'} />}
            testId="deals"
            emptyTitle={text.empty}
            emptyTestId="deals-empty"
            errorTitle={text.loadError}
            noMoreText={text.noMore}
            failedText={text.pageFailed}
          />
        </div>
      </PullToRefresh>
    </Page>
  );
}

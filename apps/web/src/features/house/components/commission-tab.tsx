import { messages } from '@baobei/shared/messages';
import { formatCommission } from '@baobei/shared/rules/house-format';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { CapsuleTabs, DotLoading } from 'antd-mobile';
import type { CommissionPolicy } from '../api/get-commission-policy-list';
import type { PolicyGroup } from '../api/get-policy-property-group';
import { policyDateText } from '../model/detail-text';
import styles from './detail-tabs.module.css';

const detailText = messages.houseDetail;

export interface AsyncState<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
}

export interface CommissionTabProps {
  commission: HouseDetail['commission'];
  groups: AsyncState<PolicyGroup[]>;
  activeGroup: string | null;
  onGroupChange: (value: string) => void;
  policy: AsyncState<CommissionPolicy | null>;
  onRetryGroups: () => void;
  onRetryPolicy: () => void;
}

function Loading() {
  return (
    <div className={styles.state}>
      <DotLoading color="primary" />
    </div>
  );
}

function Retry({ text, onRetry, testId }: { text: string; onRetry: () => void; testId?: string }) {
  return (
    <button type="button" className={`${styles.state} ${styles.stateButton}`} onClick={onRetry} data-testid={testId}>
      {text}
    </button>
  );
}

function PolicyCard({ policy }: { policy: CommissionPolicy }) {
  const point = formatCommission(policy.secondaryPoint);
  return (
    <div className={styles.policy} data-testid="house-policy">
      <div className={styles.policyHead}>
        <span className={styles.policyPoint}>{point || detailText.none}</span>
        {policy.secondaryAward && <span className={styles.policyAward}>{policy.secondaryAward}</span>}
      </div>
      <dl className={styles.policyRows}>
        <div className={styles.policyRow}>
          <dt>{detailText.policyDate}</dt>
          <dd data-testid="house-policy-date">{policyDateText(policy)}</dd>
        </div>
        <div className={styles.policyRow}>
          <dt>{detailText.secondaryAward}</dt>
          <dd>{policy.secondaryAward || detailText.none}</dd>
        </div>
        <div className={styles.policyRow}>
          <dt>{detailText.secondaryRemark}</dt>
          <dd>{policy.secondaryRemark || detailText.none}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * Part 1, section 2: the commission tab (signed in only): the rule and policy text, then one
 * sub-tab per property type with its current policy.
 */
export function CommissionTab({
  commission,
  groups,
  activeGroup,
  onGroupChange,
  policy,
  onRetryGroups,
  onRetryPolicy,
}: CommissionTabProps) {
  let policyBody;
  if (groups.status === 'pending') policyBody = <Loading />;
  else if (groups.status === 'error') policyBody = <Retry text={detailText.policyLoadFailed} onRetry={onRetryGroups} />;
  else if (!groups.data?.length) policyBody = <div className={styles.state}>{detailText.policyEmpty}</div>;
  else {
    let card;
    if (policy.status === 'pending') card = <Loading />;
    else if (policy.status === 'error') card = <Retry text={detailText.policyLoadFailed} onRetry={onRetryPolicy} />;
    else if (!policy.data) card = <div className={styles.state}>{detailText.policyEmpty}</div>;
    else card = <PolicyCard policy={policy.data} />;
    policyBody = (
      <>
        <CapsuleTabs activeKey={activeGroup} onChange={onGroupChange} className={styles.groupTabs}>
          {groups.data.map((group) => (
            <CapsuleTabs.Tab key={group.value} title={`${group.label}`} />
          ))}
        </CapsuleTabs>
        {card}
      </>
    );
  }

  return (
    <div className={styles.panel} data-testid="house-commission">
      {commission && (
        <>
          {commission.incentiveTimeStr && (
            <p className={styles.incentiveTime}>
              {detailText.incentiveTime}：{commission.incentiveTimeStr}
            </p>
          )}
          <section className={styles.block}>
            <h2 className={styles.blockTitle}>{detailText.commissionRule}</h2>
            <p className={styles.blockText}>{commission.commissionRule || detailText.none}</p>
          </section>
          <section className={styles.block}>
            <h2 className={styles.blockTitle}>{detailText.commissionPolicy}</h2>
            <p className={styles.blockText}>{commission.commissionPolicy || detailText.none}</p>
          </section>
        </>
      )}
      <section className={styles.block} data-testid="house-policy-groups">
        {policyBody}
      </section>
    </div>
  );
}

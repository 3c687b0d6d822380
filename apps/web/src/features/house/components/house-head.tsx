import { messages } from '@baobei/shared/messages';
import { protectionModeRule } from '@baobei/shared/rules/record-submit';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { Tag } from 'antd-mobile';
import { ClockCircleOutline, EnvironmentOutline, GiftOutline, PhonebookOutline, RightOutline, TeamOutline } from 'antd-mobile-icons';
import { leadTimeText, protectText } from '../model/detail-text';
import styles from './house-head.module.css';

const detailText = messages.houseDetail;

/** Colour of the selling-status tag: on sale stands out, closed states are grey. */
const STATUS_COLOR: Record<HouseDetail['sellingStatus'], string> = {
  SELLING: 'primary',
  SELL_SOON: 'warning',
  OFFER_BUY: 'success',
  PENDING: 'default',
  SELL_OUT: 'default',
  STOP_SELL: 'default',
};

export interface HouseHeadProps {
  house: HouseDetail;
  /** Signed in: the protection periods (part 1, section 6). */
  signedIn: boolean;
  onOpenIncentive: () => void;
}

/** Name, status, themes, price, address, report lead time and, signed in, protection periods. */
export function HouseHead({ house, signedIn, onOpenIncentive }: HouseHeadProps) {
  const lead = leadTimeText(house.reportLeadTimeStr);
  const reportProtect = signedIn ? protectText(house.reportProtectDays, house.reportProtect) : null;
  const takeLookProtect = signedIn ? protectText(house.takeLookProtectDays, house.takeLookProtect) : null;

  return (
    <section className={styles.head} data-testid="house-head">
      <div className={styles.titleRow}>
        <h1 className={styles.name} data-testid="house-name">
          {house.name}
        </h1>
        <Tag color={STATUS_COLOR[house.sellingStatus]} fill="solid" className={styles.status}>
          {house.sellingStatusCn}
        </Tag>
      </div>

      {house.themeName.length > 0 && (
        <div className={styles.themes}>
          {house.themeName.map((theme) => (
            <span key={theme} className={styles.theme}>
              {theme}
            </span>
          ))}
        </div>
      )}

      <div className={styles.price} data-testid="house-price">
        <span className={styles.priceValue}>{house.showPrice.price}</span>
        {house.showPrice.unit && <span className={styles.priceUnit}>{house.showPrice.unit}</span>}
        {house.regionName && <span className={styles.region}>{house.regionName}</span>}
      </div>

      {house.buildingAddress && (
        <p className={styles.line}>
          <EnvironmentOutline className={styles.lineIcon} />
          <span>{house.buildingAddress}</span>
        </p>
      )}
      {lead && (
        <p className={styles.line} data-testid="house-lead-time">
          <ClockCircleOutline className={styles.lineIcon} />
          <span>{lead}</span>
        </p>
      )}
      {/* 报备为王 / 到访为王 (decision 053): who keeps a customer of this listing. */}
      <p className={house.protectionMode === 'VISIT_FIRST' ? `${styles.line} ${styles.visitFirst}` : styles.line} data-testid="house-protection-mode">
        <TeamOutline className={styles.lineIcon} />
        <span>{protectionModeRule(house.protectionMode)}</span>
      </p>
      {/* 全号 / 隐号 (issue 28 item 7): how to enter the customer's phone, before a refusal says it. */}
      <p className={styles.line} data-testid="house-phone-rule" data-rule-tel={house.ruleTel}>
        <PhonebookOutline className={styles.lineIcon} />
        <span>{messages.house.ruleTelLine[house.ruleTel]}</span>
      </p>

      {(reportProtect || takeLookProtect) && (
        <div className={styles.protects} data-testid="house-protects">
          {reportProtect && (
            <div className={styles.protect}>
              <span className={styles.protectValue}>{reportProtect}</span>
              <span className={styles.protectLabel}>{detailText.reportProtect}</span>
            </div>
          )}
          {takeLookProtect && (
            <div className={styles.protect}>
              <span className={styles.protectValue}>{takeLookProtect}</span>
              <span className={styles.protectLabel}>{detailText.takeLookProtect}</span>
            </div>
          )}
        </div>
      )}

      {house.incentivePolicy && (
        <button type="button" className={styles.incentive} onClick={onOpenIncentive} data-testid="house-incentive">
          <span className={styles.incentiveLabel}>
            <GiftOutline /> {detailText.incentivePolicy}
          </span>
          <span className={styles.incentiveText}>{house.incentivePolicy}</span>
          <span className={styles.incentiveMore}>
            {detailText.incentiveView}
            <RightOutline />
          </span>
        </button>
      )}
    </section>
  );
}

import { messages } from '@baobei/shared/messages';
import type { HouseDetail } from '@baobei/shared/schemas/house';
import { Image } from 'antd-mobile';
import { withUnit } from '../model/detail-text';
import styles from './detail-tabs.module.css';
import listingTag from './listing-tag.module.css';

const detailText = messages.houseDetail;

/** Part 1, section 2: the main house types (主力户型). Tapping a plan opens it full screen. */
export function UnitTypesTab({
  unitTypes,
  onOpenPicture,
}: {
  unitTypes: HouseDetail['buildingType'];
  onOpenPicture: (url: string) => void;
}) {
  if (unitTypes.length === 0) {
    return (
      <div className={styles.panel} data-testid="house-unit-types">
        <div className={styles.state}>{detailText.unitTypesEmpty}</div>
      </div>
    );
  }
  return (
    <div className={styles.panel} data-testid="house-unit-types">
      {unitTypes.map((unit, index) => (
        <article key={`${unit.typeName}-${index}`} className={styles.unit} data-testid="house-unit-type">
          <button
            type="button"
            className={styles.unitThumb}
            onClick={() => unit.typeThumb && onOpenPicture(unit.typeThumb)}
            aria-label={unit.typeName}
          >
            <Image src={unit.typeThumb} fit="contain" width="100%" height="100%" lazy alt="" />
          </button>
          <div className={styles.unitBody}>
            <h3 className={styles.unitName}>{unit.typeName}</h3>
            <p className={styles.unitArea}>
              {detailText.floorArea}
              {withUnit(unit.floorArea, '㎡')}
            </p>
            {unit.typeTheme && (
              <div className={styles.unitThemes}>
                {unit.typeTheme
                  .split(/[,，、\s]+/)
                  .filter(Boolean)
                  .map((theme) => (
                    <span key={theme} className={listingTag.tag}>
                      {theme}
                    </span>
                  ))}
              </div>
            )}
            {unit.typeDescription && <p className={styles.unitDesc}>{unit.typeDescription}</p>}
            {unit.discountPolicy && (
              <p className={styles.unitDiscount}>
                <span className={styles.unitDiscountLabel}>{detailText.discountPolicy}</span>
                {unit.discountPolicy}
              </p>
            )}
          </div>
        </article>
      ))}
    </div>
  );
}

import { adminHouseFormMessages as text } from '@baobei/shared/messages/admin';
import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';

/** The form's cards, in order, with their titles: the anchor bar lists them. */
export const SECTIONS = [
  ['house-basic', text.sectionBasic],
  ['house-price', text.sectionPrice],
  ['house-media', text.sectionMedia],
  ['house-address', text.sectionAddress],
  ['house-facts', text.sectionFacts],
  ['house-texts', text.sectionTexts],
  ['house-contacts', text.sectionContacts],
  ['house-rules', text.sectionRules],
  ['house-album', text.sectionAlbum],
  ['house-unit-types', text.sectionUnitTypes],
  ['house-commission', text.sectionCommission],
  ['house-incentive', text.sectionIncentive],
] as const;
const sectionTitle = (id: (typeof SECTIONS)[number][0]) => SECTIONS.find(([key]) => key === id)![1];

export function Section({ id, children, error }: { id: (typeof SECTIONS)[number][0]; children: ReactNode; error?: string | null }) {
  return (
    <Card id={id} title={sectionTitle(id)} style={{ scrollMarginTop: 120 }}>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      {children}
    </Card>
  );
}

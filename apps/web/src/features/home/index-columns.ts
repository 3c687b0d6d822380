import { COLUMN_TYPES } from '@baobei/shared/rules/house';
import type { IndexData } from '@baobei/shared/schemas/house';
import { inAppPath } from '../../lib/in-app-path';

export type IndexColumn = IndexData['columns'][number];

/** Part 1, section 2: video (2) and VR (4) columns show an icon and no tags or price. */
export function columnMedia(type: number): 'video' | 'vr' | null {
  if (type === COLUMN_TYPES.VIDEO) return 'video';
  if (type === COLUMN_TYPES.VR) return 'vr';
  return null;
}

export const HOUSE_LIST_PATH = '/house/list';

/** Where a column's "more" leads: its own in-app link, else the whole list. */
export function columnMorePath(column: Pick<IndexColumn, 'moreLink'>): string {
  return inAppPath(column.moreLink) ?? HOUSE_LIST_PATH;
}

/** A navigation entry opens the list by its feature (or the whole list without one). */
export function navPath(featureId: number | null): string {
  return featureId ? `${HOUSE_LIST_PATH}?feature=${featureId}` : HOUSE_LIST_PATH;
}

export function houseDetailPath(id: number): string {
  return `/house/detail/${id}`;
}

/** Columns the page shows: the server drops empty media columns; an empty list shows nothing either. */
export function visibleColumns(columns: readonly IndexColumn[]): IndexColumn[] {
  return columns.filter((c) => c.list.length > 0);
}

/** True when the city has nothing at all to show (the empty state). */
export function isIndexEmpty(data: Pick<IndexData, 'banners' | 'navs' | 'columns'>): boolean {
  return data.banners.length === 0 && data.navs.length === 0 && visibleColumns(data.columns).length === 0;
}

import { PullToRefresh } from 'antd-mobile';
import listPage from './list-page.module.css';
import { Page } from './page';
import { PagedListBody, type PagedListBodyProps } from './paged-list-body';

export interface RefreshableListPageProps<T> extends PagedListBodyProps<T> {
  /** Where the back arrow goes when the page was opened directly. */
  backFallback: string;
  /** What pulling down does; the pull indicator stays until it settles. */
  onRefresh: () => Promise<unknown>;
}

/**
 * A page of one paged list and nothing above it (我的收藏, 我的分享): the nav bar, then the list
 * body, all of the screen under the bar pulling to refresh.
 */
export function RefreshableListPage<T>({ backFallback, onRefresh, ...body }: RefreshableListPageProps<T>) {
  return (
    <Page backFallback={backFallback}>
      <PullToRefresh onRefresh={onRefresh}>
        <div className={listPage.screenBody}>
          <PagedListBody {...body} />
        </div>
      </PullToRefresh>
    </Page>
  );
}

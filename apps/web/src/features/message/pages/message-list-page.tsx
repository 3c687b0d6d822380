import { messages } from '@baobei/shared/messages';
import type { MessageItem } from '@baobei/shared/schemas/message';
import { PullToRefresh, Tabs, Toast } from 'antd-mobile';
import { SetOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import listPage from '../../../components/list-page.module.css';
import { Page } from '../../../components/page';
import { PagedListBody, usePagedItems } from '../../../components/paged-list-body';
import { useUnreadCount } from '../../../api/message-unread';
import { errorMessage } from '../../../lib/api-error';
import { useListFailureToast } from '../../../lib/use-list-failure-toast';
import { useMessageList } from '../api/get-message-list';
import type { MessageTab } from '../api/query-keys';
import { useReadAllMessages } from '../api/read-all';
import { useReadMessage } from '../api/read-message';
import { MessageListSkeleton } from '../components/message-list-skeleton';
import { MessageRow } from '../components/message-row';
import styles from './message-list-page.module.css';

const text = messages.message;

/** The tab is in the address (`?tab=unread`), so coming back from a report opens the same tab. */
function tabOf(value: string | null): MessageTab {
  return value === 'unread' ? 'unread' : 'all';
}

/**
 * /my/message 消息 (issue 17, item 4; docs/decisions/054): the viewer's messages, newest first,
 * 全部 or 未读. Tapping one reads it and, when it is about a report, opens the report.
 */
export function MessageListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const list = useMessageList(tab);
  const items = usePagedItems(list);
  const unread = useUnreadCount();
  const read = useReadMessage();
  const readAll = useReadAllMessages();
  useListFailureToast(list, text.loadFailed);

  const open = (message: MessageItem) => {
    if (!message.read) {
      read.mutate(message, {
        onError: (error) => Toast.show({ content: errorMessage(error, text.readFailed), position: 'bottom' }),
      });
    }
    if (message.recordId !== null) void navigate(`/record/detail/${message.recordId}`);
  };

  const onReadAll = () => {
    readAll.mutate(undefined, {
      onSuccess: () => Toast.show({ icon: 'success', content: text.readAllDone }),
      onError: (error) => Toast.show({ content: errorMessage(error, text.readAllFailed) }),
    });
  };

  const nothingUnread = unread === 0;

  return (
    <Page
      backFallback="/home?active=my"
      right={
        <button
          type="button"
          className={styles.navButton}
          onClick={() => void navigate('/my/message/settings')}
          aria-label={text.settings}
          data-testid="message-settings-link"
        >
          <SetOutline />
        </button>
      }
    >
      <div className={`${listPage.bar} ${styles.bar}`}>
        <Tabs
          className={styles.tabs}
          activeKey={tab}
          onChange={(key) => setParams(key === 'unread' ? { tab: 'unread' } : {}, { replace: true })}
          data-testid="message-tabs"
        >
          <Tabs.Tab key="all" title={text.tabAll} />
          <Tabs.Tab key="unread" title={unread ? text.tabUnreadCount(unread) : text.tabUnread} />
        </Tabs>
        <button
          type="button"
          className={styles.readAll}
          onClick={onReadAll}
          disabled={nothingUnread || readAll.isPending}
          data-testid="message-read-all"
        >
          {text.readAll}
        </button>
      </div>
      <PullToRefresh onRefresh={() => list.refetch()}>
        <div className={`${listPage.body} ${styles.body}`}>
          {!list.data && !list.isError ? (
            <MessageListSkeleton />
          ) : (
            <PagedListBody
              query={list}
              items={items}
              itemKey={(item) => item.id}
              renderItem={(item) => <MessageRow message={item} onOpen={open} />}
              testId="message"
              listTestId="message-list"
              emptyTitle={tab === 'unread' ? text.emptyUnread : text.empty}
              emptyTestId="message-empty"
              errorTitle={text.loadError}
              noMoreText={text.noMore}
            />
          )}
        </div>
      </PullToRefresh>
    </Page>
  );
}

import { messages } from '@baobei/shared/messages';
import { Skeleton, Tag, Toast } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { groupCities, type CityOption } from '../../../lib/city-choice';
import { chooseCurrentCity } from '../../../lib/current-city';
import { formatMessage } from '../../../lib/format-message';
import { useSessionStore } from '../../../lib/session/session-store';
import { useCurrentCity } from '../../../lib/use-current-city';
import { useGoBack } from '../../../lib/use-go-back';
import { useCityList } from '../api/get-city-list';
import { CityGroups } from '../components/city-groups';
import styles from './select-city-page.module.css';

/** /select/city (part 1, section 2): the current city and all cities grouped by parent. */
export function SelectCityPage() {
  const current = useCurrentCity();
  const goBack = useGoBack('/home');
  const sessionReady = useSessionStore((s) => s.ready);
  const configTree = useSessionStore((s) => s.config?.cityList);
  const fromConfig = configTree !== undefined && configTree.length > 0;
  // The session's config carries the tree; the city call is the fallback when it failed.
  const query = useCityList(sessionReady && !fromConfig);
  const tree = fromConfig ? configTree : query.data;
  const groups = useMemo(() => (tree ? groupCities(tree, messages.city.otherGroup) : null), [tree]);

  const onPick = (city: CityOption) => {
    void chooseCurrentCity(city);
    Toast.show({ content: formatMessage(messages.city.switched, { city: city.text }) });
    goBack();
  };

  let body;
  if (groups) {
    body =
      groups.length > 0 ? (
        <CityGroups groups={groups} currentValue={current.city?.value ?? null} onPick={onPick} />
      ) : (
        <StateBlock kind="empty" title={messages.city.empty} testId="city-empty" />
      );
  } else if (query.isError) {
    body = (
      <StateBlock kind="error" title={messages.city.loadFailed} onRetry={() => void query.refetch()} testId="city-error" />
    );
  } else {
    body = (
      <div className={styles.loading} aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }

  return (
    <Page backFallback="/home">
      <section className={styles.current} data-testid="city-current">
        <span className={styles.label}>{messages.city.current}</span>
        <span className={styles.name}>
          <EnvironmentOutline className={styles.icon} />
          {current.city?.text ?? '—'}
          {current.city && !current.stored && (
            <Tag className={styles.tag} color="primary" fill="outline">
              {messages.city.defaultTag}
            </Tag>
          )}
        </span>
      </section>
      <h2 className={styles.heading}>{messages.city.all}</h2>
      {body}
    </Page>
  );
}

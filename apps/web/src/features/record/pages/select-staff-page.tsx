import { messages } from '@baobei/shared/messages';
import { DotLoading, SearchBar } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { Page } from '../../../components/page';
import { StateBlock } from '../../../components/state-block';
import { updateDraft } from '../model/report-draft';
import { useSessionStore } from '../../../lib/session/session-store';
import { useDaikanList, type Staff } from '../api/select-people-api';
import { GroupedIndexList } from '../components/grouped-index-list';
import styles from '../components/select.module.css';
import { filterGroups } from '../model/select-logic';
import { useBackToForm, useSelectDraft } from '../hooks/use-select-draft';

const selectText = messages.reportSelect;

/**
 * /house/record/select/staff 选择带看人: the viewing staff by initial, a
 * local search by name or phone; tapping one sets the draft's viewing person and goes back.
 */
export function SelectStaffPage() {
  const draft = useSelectDraft();
  const goBack = useBackToForm(draft);
  const sessionReady = useSessionStore((s) => s.ready);
  const [keyword, setKeyword] = useState('');
  const list = useDaikanList(sessionReady);
  const groups = useMemo(() => filterGroups(list.data ?? [], keyword), [list.data, keyword]);

  const choose = async (staff: Staff) => {
    if (!draft) return;
    await updateDraft((d) => ({ ...d, dkStaffName: staff.name, dkStaffPhone: staff.phone }));
    goBack();
  };

  let body;
  if (list.data) {
    body =
      groups.length > 0 ? (
        <GroupedIndexList
          groups={groups}
          itemKey={(s) => `${s.name}-${s.phone}`}
          testId="select-staff-list"
          renderItem={(staff) => {
            const current = draft?.dkStaffPhone === staff.phone && draft.dkStaffName === staff.name;
            return (
              <button
                type="button"
                className={styles.person}
                onClick={() => void choose(staff)}
                data-testid="select-staff-row"
                aria-pressed={current}
              >
                <span className={styles.info}>
                  <span className={styles.name}>{staff.name}</span>
                  <span className={styles.sub}>{staff.phone}</span>
                </span>
                {current && <CheckOutline className={styles.current} />}
              </button>
            );
          }}
        />
      ) : (
        <StateBlock kind="empty" title={selectText.staffEmpty} testId="select-staff-empty" />
      );
  } else if (list.isError) {
    body = <StateBlock kind="error" title={selectText.staffLoadError} onRetry={() => void list.refetch()} testId="select-staff-error" />;
  } else {
    body = (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }

  return (
    <Page className={styles.page} onBack={goBack}>
      <div className={styles.bar}>
        <div className={styles.search}>
          <SearchBar
            value={keyword}
            placeholder={selectText.staffSearchPlaceholder}
            maxLength={30}
            onChange={setKeyword}
            data-testid="select-staff-search"
          />
        </div>
      </div>
      <div className={styles.fill}>{body}</div>
    </Page>
  );
}

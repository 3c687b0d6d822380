import { messages } from '@baobei/shared/messages';
import { CheckOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { updateDraft } from '../../../lib/report-draft';
import { useSessionStore } from '../../../lib/session/session-store';
import { useDaikanList, type Staff } from '../api/select-people-api';
import { PeopleSearchBar, SelectGroups, SelectScreen } from '../components/select-screen';
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

  return (
    <SelectScreen
      onBack={goBack}
      search={
        <PeopleSearchBar keyword={keyword} onKeyword={setKeyword} placeholder={selectText.staffSearchPlaceholder} testId="select-staff-search" />
      }
      list="index"
    >
      <SelectGroups
        query={list}
        groups={groups}
        itemKey={(s) => `${s.name}-${s.phone}`}
        testId="select-staff"
        emptyTitle={selectText.staffEmpty}
        errorTitle={selectText.staffLoadError}
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
    </SelectScreen>
  );
}

import { messages } from '@baobei/shared/messages';
import { houseNotReportableMessage, MAX_HOUSES_PER_REPORT } from '@baobei/shared/rules/record-submit';
import type { SearchInfo } from '@baobei/shared/schemas/house';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Toast, type CascadePickerOption } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { CascadePicker } from '../../../components/lazy-overlays';
import { PagedListBody, usePagedItems } from '../../../components/paged-list-body';
import { errorMessage } from '../../../lib/api-error';
import { updateDraft } from '../../../lib/report-draft';
import { useSessionStore } from '../../../lib/session/session-store';
import { getReportHouseFacts } from '../../../api/report-house-facts';
import { useAreaList, useSelectHouseList } from '../api/select-house-api';
import { SelectFooter } from '../components/select-footer';
import { SelectScreen } from '../components/select-screen';
import styles from '../components/select.module.css';
import {
  housesNeedingFacts,
  mergeHouses,
  SELECT_SEARCH_DELAY_MS,
  toggleHouse,
  type PickedHouse,
} from '../model/select-logic';
import { useBackToForm, useSelectDraft } from '../hooks/use-select-draft';
import { KeywordSearchBar } from '../../../components/keyword-search-bar';

const selectText = messages.reportSelect;

/** '不限' first; a node with cities offers '不限' (the whole node) before them. */
function areaOptions(areas: SearchInfo['areaList']): CascadePickerOption[] {
  return [
    { label: selectText.areaUnlimited, value: '0' },
    ...areas.map((a) => ({
      label: a.text,
      value: String(a.value),
      children: a.children?.length
        ? [{ label: selectText.areaUnlimited, value: String(a.value) }, ...a.children.map((c) => ({ label: c.text, value: String(c.value) }))]
        : undefined,
    })),
  ];
}

function areaName(areas: SearchInfo['areaList'], id: number): string {
  for (const a of areas) {
    if (a.value === id) return a.text;
    const child = a.children?.find((c) => c.value === id);
    if (child) return child.text;
  }
  return selectText.area;
}

/**
 * /house/record/select/house 选择楼盘: keyword search after a 400 ms pause,
 * area picker, 20 a page, multi-select of at most 10 in all (the draft's included).
 */
export function SelectHousePage() {
  const draft = useSelectDraft();
  const goBack = useBackToForm(draft);
  const sessionReady = useSessionStore((s) => s.ready);
  const queryClient = useQueryClient();

  const [keyword, setKeyword] = useState('');

  const [areaId, setAreaId] = useState(0);
  const [areaOpen, setAreaOpen] = useState(false);
  const areas = useAreaList(sessionReady);
  const options = useMemo(() => areaOptions(areas.data?.areaList ?? []), [areas.data]);

  const list = useSelectHouseList(keyword, areaId, sessionReady);
  const items = usePagedItems(list);

  // The draft's listings are chosen at first; the user's changes replace them.
  const [changed, setChanged] = useState<PickedHouse[] | null>(null);
  const picked = changed ?? draft?.houses.map(({ id, name }) => ({ id, name })) ?? [];
  const pickedIds = new Set(picked.map((h) => h.id));

  const toggle = (house: PickedHouse) => {
    const result = toggleHouse(picked, house);
    if (result.ok) setChanged(result.picked);
    else Toast.show({ content: messages.record.tooManyHouses });
  };

  const [saving, setSaving] = useState(false);
  const confirm = async () => {
    if (!draft || saving) return;
    setSaving(true);
    try {
      const fetched = await Promise.all(housesNeedingFacts(picked, draft.houses).map((h) => getReportHouseFacts(queryClient, h.id)));
      await updateDraft((d) => ({ ...d, houses: mergeHouses(picked, d.houses, fetched) }));
      goBack();
    } catch (e) {
      Toast.show({ content: errorMessage(e, selectText.houseFactsFailed) });
      setSaving(false);
    }
  };

  return (
    <SelectScreen
      onBack={goBack}
      footer={
        <SelectFooter count={picked.length} max={MAX_HOUSES_PER_REPORT} loading={saving} onConfirm={() => void confirm()} />
      }
      search={
        <KeywordSearchBar
          keyword={keyword}
          onKeyword={setKeyword}
          delayMs={SELECT_SEARCH_DELAY_MS}
          placeholder={selectText.houseSearchPlaceholder}
          maxLength={50}
          testId="select-house-search"
        />
      }
      searchAside={
        <button
          type="button"
          className={`${styles.area} ${areaId ? styles.areaActive : ''}`}
          onClick={() => {
            if (areas.isError) void areas.refetch();
            setAreaOpen(true);
          }}
          data-testid="select-house-area"
        >
          <span className={styles.areaText}>{areaId ? areaName(areas.data?.areaList ?? [], areaId) : selectText.area}</span>
          <DownFill fontSize={10} />
        </button>
      }
      list="scroll"
      popups={
        <CascadePicker
          title={selectText.areaTitle}
          options={options}
          visible={areaOpen}
          onClose={() => setAreaOpen(false)}
          confirmText={selectText.confirm}
          cancelText={selectText.cancel}
          onConfirm={(value) => {
            const last = value.filter((v) => v !== null).at(-1);
            setAreaId(last ? Number(last) : 0);
          }}
        />
      }
    >
      <PagedListBody
        query={list}
        items={items}
        itemKey={(item) => item.id}
        renderItem={(item) => {
          const checked = pickedIds.has(item.id);
          // 售罄 and 停售 cannot be chosen (one already in the draft can still be removed).
          const blocked = checked ? null : houseNotReportableMessage(item);
          return (
            <button
              type="button"
              className={`${styles.houseRow} ${blocked ? styles.houseRowBlocked : ''}`}
              onClick={() => (blocked ? Toast.show({ content: blocked }) : toggle({ id: item.id, name: item.name }))}
              data-testid="select-house-item"
              data-checked={checked}
              data-blocked={blocked !== null}
              aria-pressed={checked}
            >
              <Checkbox className={styles.check} checked={checked} disabled={blocked !== null} />
              {item.buildingDiagram ? (
                <img className={styles.thumb} src={item.buildingDiagram} alt="" loading="lazy" />
              ) : (
                <span className={styles.thumb} />
              )}
              <span className={styles.info}>
                <span className={styles.name} data-testid="select-house-name">
                  {item.name}
                </span>
                <span className={styles.sub}>{[item.regionName, item.sellingStatusCn].filter(Boolean).join(' | ')}</span>
                <span className={styles.price}>
                  {item.showPrice.price}
                  {item.showPrice.unit}
                </span>
              </span>
            </button>
          );
        }}
        testId="select-house"
        listTestId="select-house-list"
        emptyTitle={selectText.houseEmpty}
        emptyTestId="select-house-empty"
        errorTitle={selectText.houseLoadError}
        noMoreText={selectText.houseNoMore}
        failedText={selectText.housePageFailed}
      />
    </SelectScreen>
  );
}

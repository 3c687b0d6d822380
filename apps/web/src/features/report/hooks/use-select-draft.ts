import { useEffect } from 'react';
import { currentDraft, emptyDraft, readStoredDraft, saveDraft, useReportDraft, type ReportDraft } from '../../../lib/report-draft';
import { useGoBack } from '../../../lib/use-go-back';

/** Where a selection screen opened directly starts its draft. */
export const DEFAULT_FORM_PATH = '/rapid/record';

/**
 * The report draft the selection screen edits. Opened directly (reload, typed address) there
 * is none in memory: the stored unexpired draft is taken up, else an empty one is started.
 */
export function useSelectDraft(): ReportDraft | null {
  const draft = useReportDraft((d) => d);
  useEffect(() => {
    if (draft) return;
    let live = true;
    void readStoredDraft().then((stored) => {
      if (live && !currentDraft()) void saveDraft(stored ?? emptyDraft(DEFAULT_FORM_PATH));
    });
    return () => {
      live = false;
    };
  }, [draft]);
  return draft;
}

/** Back to the form: history back, or the draft's form when the screen was opened directly. */
export function useBackToForm(draft: ReportDraft | null): () => void {
  return useGoBack(draft?.formPath ?? DEFAULT_FORM_PATH);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messages } from '@baobei/shared/messages';
import { errorMessage } from '../../../lib/api-error';
import {
  clearDraft,
  currentDraft,
  emptyDraft,
  readStoredDraft,
  saveDraft,
  useReportDraft,
  type ReportDraft,
} from '../../../lib/report-draft';
import { useSessionStore } from '../../../lib/session/session-store';
import { getReportHouseFacts } from '../../../api/report-house-facts';
import { keepsDraft } from '../model/report-form';

/**
 * The form's draft (part 1, section 4): the one in memory or stored for this form is
 * continued (a return from a selection screen, a restore from the home); otherwise a new
 * one, with the viewing person defaulting to the reporter and, on a listing's form, that
 * listing. Leaving for anywhere but the selection screens clears it.
 */
/** `houseFailed`: why the listing of a listing's form could not be added (a failed call, or 售罄/停售). */
export function useFormDraft(formPath: string, houseId: number | null): { draft: ReportDraft | null; houseFailed: string | null } {
  const draft = useReportDraft((d) => (d?.formPath === formPath ? d : null));
  const [houseFailed, setHouseFailed] = useState<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      const current = currentDraft();
      if (current?.formPath === formPath) return;
      const stored = await readStoredDraft();
      if (cancelled) return;
      if (stored?.formPath === formPath) {
        await saveDraft(stored);
        return;
      }
      const user = useSessionStore.getState().userInfo;
      const fresh: ReportDraft = {
        ...emptyDraft(formPath),
        dkStaffName: user?.name ?? '',
        dkStaffPhone: user?.phone ?? '',
      };
      if (houseId !== null) {
        try {
          fresh.houses = [await getReportHouseFacts(queryClient, houseId)];
        } catch (e) {
          setHouseFailed(errorMessage(e, messages.reportForm.loadHouseFailed));
        }
        if (cancelled) return;
      }
      await saveDraft(fresh);
    };
    void start();
    return () => {
      cancelled = true;
    };
  }, [formPath, houseId, queryClient]);

  // On unmount the router has already moved to the next location.
  useEffect(
    () => () => {
      if (!keepsDraft(window.location.pathname)) void clearDraft();
    },
    [],
  );

  return { draft, houseFailed };
}

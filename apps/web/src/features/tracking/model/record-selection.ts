import { reportCopyText, type CopyableReport } from '@baobei/shared/rules/record-view';

/** The multi-select of the auditors' list (part 2, section 2.1): ids chosen for export. */
export function toggleSelected(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The exported text: each chosen report's copy text (part 2, section 9) in list order,
 * separated by a blank line; '' when nothing loaded is chosen.
 */
export function exportText<T extends CopyableReport & { id: number }>(items: readonly T[], selected: ReadonlySet<number>): string {
  return items
    .filter((item) => selected.has(item.id))
    .map((item) => reportCopyText(item))
    .join('\n\n');
}


import { reportCopyText, type CopyableReport } from '@baobei/shared/rules/record-view';

/** The lists' multi-select (part 2, section 2.1; the reporter's side since issue 32): the chosen ids. */
export function toggleSelected(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The copied text: each chosen report's copy text (part 2, section 9) in list order,
 * separated by a blank line; '' when nothing loaded is chosen. The auditors export
 * reportCopyText; the reporter's side copies developerGroupCopyText (decision 090).
 */
export function exportText<T extends CopyableReport & { id: number }>(
  items: readonly T[],
  selected: ReadonlySet<number>,
  format: (item: T) => string = reportCopyText,
): string {
  return items
    .filter((item) => selected.has(item.id))
    .map((item) => format(item))
    .join('\n\n');
}


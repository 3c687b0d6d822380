/**
 * The console's imports from Excel (issue 30, item 4; docs/decisions/083): what every import
 * shares. A workbook holds one sheet per kind of row, each with a header row of Chinese column
 * names (a downloadable template); the server reads the cells as text, checks every row (the
 * dry run), and writes all rows in one transaction or none.
 */

/** The rows one sheet of a file may hold: the size a company moving from spreadsheets needs at once. */
export const MAX_IMPORT_ROWS = 5_000;
/** The errors a dry run lists; the count says how many there were in all. */
export const MAX_IMPORT_ERRORS = 500;
/** The file's size, and what its zip may unpack to (a workbook of 5,000 full rows is a few MB). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_UNPACKED_BYTES = 100 * 1024 * 1024;

/** One column of a sheet: the cell's key, its header text, and an example row's value for the template. */
export interface ImportColumn<K extends string = string> {
  key: K;
  header: string;
  required?: boolean;
  example: string;
  /** What the cell takes, shown under the header in the template. */
  note?: string;
}

export interface ImportSheet<K extends string = string> {
  name: string;
  columns: readonly ImportColumn<K>[];
}

/** The cells of one row by column key, each as trimmed text ('' for an empty cell), and its row number in the sheet. */
export interface ImportRow<K extends string = string> {
  row: number;
  cells: Record<K, string>;
}

/** Several values in one cell: separated by 、 , ， ; ； or a line break. */
export function splitCellList(cell: string): string[] {
  return cell
    .split(/[、,，;；\n]/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

const YES = ['是', 'Y', 'y', '1', 'TRUE', 'true'];
const NO = ['否', 'N', 'n', '0', 'FALSE', 'false', ''];

/** 是/否 as a boolean; undefined for anything else (the caller names the column). */
export function readYesNo(cell: string): boolean | undefined {
  if (YES.includes(cell)) return true;
  if (NO.includes(cell)) return false;
  return undefined;
}

/** The key whose label is the cell's text (e.g. 在售 → SELLING); undefined when none is. */
export function keyOfLabel<K extends string>(labels: Readonly<Record<K, string>>, cell: string): K | undefined {
  return (Object.keys(labels) as K[]).find((key) => labels[key] === cell);
}

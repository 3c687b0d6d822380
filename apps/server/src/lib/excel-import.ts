import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import {
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_UNPACKED_BYTES,
  type ImportColumn,
  type ImportRow,
  type ImportSheet,
} from '@baobei/shared/rules/excel-import';
import type { ImportCheck, ImportError } from '@baobei/shared/schemas/admin-import';
import { ValidationError } from './errors';

/**
 * The workbook side of the console's imports (issue 30, item 4; docs/decisions/083): the
 * template written from a sheet list, an uploaded .xlsx read into rows of trimmed text by the
 * template's headers, and the dry run's error list. What a row means is its module's.
 */

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/**
 * What the zip really unpacks to, entry by entry, each inflated with the bytes left of `limit`
 * as its ceiling: a small upload that unpacks to gigabytes (a zip bomb, sizes declared or not) is
 * stopped at the limit instead of filling memory. Undefined when it is no zip; above `limit`
 * when it unpacks to more.
 */
export function unpackedSize(file: Buffer, limit = MAX_IMPORT_UNPACKED_BYTES): number | undefined {
  // The end record is in the last 22 + 65,535 bytes (its comment is at most 64 KB).
  const from = Math.max(0, file.length - 22 - 0xffff);
  let end = -1;
  for (let at = file.length - 22; at >= from; at--) {
    if (file.readUInt32LE(at) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL_SIGNATURE) return undefined;
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const local = file.readUInt32LE(at + 42);
    if (local + 30 > file.length || file.readUInt32LE(local) !== LOCAL_SIGNATURE) return undefined;
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = file.subarray(start, start + compressed);
    if (method === 0) total += data.length;
    else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, limit - total + 1) }).length;
      } catch (error) {
        // Past the ceiling (ERR_BUFFER_TOO_LARGE), or no deflate stream at all.
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return limit + 1;
        return undefined;
      }
    } else return undefined;
    if (total > limit) return total;
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return total;
}

/** A cell as the user sees it, trimmed: text, a number, a date as YYYY-MM-DD, a formula's result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel's dates carry no zone; exceljs reads them as UTC midnight.
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

async function loadWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const unpacked = unpackedSize(file);
  if (unpacked === undefined) throw new ValidationError(text_.fileInvalid);
  if (unpacked > MAX_IMPORT_UNPACKED_BYTES) throw new ValidationError(text_.fileTooLarge);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new ValidationError(text_.fileInvalid);
  }
  return workbook;
}

function headerIndex(worksheet: ExcelJS.Worksheet, sheet: ImportSheet): Map<string, number> {
  const found = new Map<string, number>();
  worksheet.getRow(1).eachCell((cell, col) => {
    const header = cellText(cell.value);
    if (header !== '' && !found.has(header)) found.set(header, col);
  });
  const index = new Map<string, number>();
  for (const column of sheet.columns) {
    const col = found.get(column.header);
    if (col === undefined) throw new ValidationError(text_.headerMissing(sheet.name, column.header));
    index.set(column.key, col);
  }
  return index;
}

/**
 * The uploaded workbook's rows, sheet by sheet in the list's order, each by column key; empty
 * rows are skipped. The first sheet must hold a row. Refused as a whole (a Chinese message, 400):
 * not an .xlsx, too large unpacked, a sheet or header missing, a sheet of more than MAX_IMPORT_ROWS rows.
 */
export async function readImportWorkbook<const S extends readonly ImportSheet[]>(
  file: Buffer,
  sheets: S,
): Promise<{ [I in keyof S]: ImportRow<S[I]['columns'][number]['key']>[] }> {
  const workbook = await loadWorkbook(file);
  const worksheets = sheets.map((sheet) => {
    const worksheet = workbook.worksheets.find((w) => w.name.trim() === sheet.name);
    if (!worksheet) throw new ValidationError(text_.sheetMissing(sheet.name));
    return worksheet;
  });
  const result = sheets.map((sheet, i) => {
    const worksheet = worksheets[i]!;
    const index = headerIndex(worksheet, sheet);
    const rows: ImportRow[] = [];
    // The rows the sheet holds (getRow would make every row up to a formatted millionth).
    worksheet.eachRow({ includeEmpty: false }, (row, r) => {
      if (r === 1) return;
      const cells: Record<string, string> = {};
      let empty = true;
      for (const column of sheet.columns) {
        const value = cellText(row.getCell(index.get(column.key)!).value);
        cells[column.key] = value;
        if (value !== '') empty = false;
      }
      if (empty) return;
      if (rows.length === MAX_IMPORT_ROWS) throw new ValidationError(text_.tooManyRows(MAX_IMPORT_ROWS));
      rows.push({ row: r, cells });
    });
    return rows;
  });
  if (result[0]!.length === 0) throw new ValidationError(text_.noRows);
  return result as { [I in keyof S]: ImportRow<S[I]['columns'][number]['key']>[] };
}

/** The template: a sheet per kind with its bold headers (a note on each), and a sheet 填写说明 listing every column. */
export async function importTemplate(sheets: readonly ImportSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.columns = sheet.columns.map((column) => ({ header: column.header, key: column.key, width: Math.max(12, column.header.length * 2 + 4) }));
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    sheet.columns.forEach((column, i) => {
      if (column.note) header.getCell(i + 1).note = column.note;
    });
    worksheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  const guide = workbook.addWorksheet('填写说明');
  guide.columns = [
    { header: '工作表', width: 12 },
    { header: '列', width: 22 },
    { header: '必填', width: 8 },
    { header: '说明', width: 48 },
    { header: '示例', width: 24 },
  ];
  guide.getRow(1).font = { bold: true };
  for (const sheet of sheets) {
    for (const column of sheet.columns as readonly ImportColumn[]) {
      guide.addRow([sheet.name, column.header, column.required ? '是' : '', column.note ?? '', column.example]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Collects a dry run's errors in the order found (the caller goes sheet by sheet, row by row). */
export function importErrors() {
  const errors: ImportError[] = [];
  let count = 0;
  return {
    add(sheet: ImportSheet, row: number, column: ImportColumn | null, message: string) {
      count += 1;
      if (errors.length < MAX_IMPORT_ERRORS) errors.push({ sheet: sheet.name, row, column: column?.header ?? '', message });
    },
    get count() {
      return count;
    },
    result(sheets: { sheet: ImportSheet; rows: number }[]): ImportCheck {
      return {
        rows: sheets.reduce((sum, s) => sum + s.rows, 0),
        sheets: sheets.map((s) => ({ name: s.sheet.name, rows: s.rows })),
        errors,
        errorCount: count,
      };
    },
  };
}

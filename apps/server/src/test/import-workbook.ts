import ExcelJS from 'exceljs';
import type { ImportSheet } from '@baobei/shared/rules/excel-import';
import { multipartFile } from './multipart';
import { HOSTS, type TestApp } from './test-app';

/** A cell as an operator types it into the template. */
export type Cells = Record<string, string | number | Date>;

/** A workbook laid out as the template: each sheet's headers (but `dropHeader`), then its rows by column key. */
export async function importWorkbook(sheets: readonly { sheet: ImportSheet; rows: Cells[] }[], options: { dropHeader?: string } = {}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const { sheet, rows } of sheets) {
    const ws = book.addWorksheet(sheet.name);
    const columns = sheet.columns.filter((c) => c.header !== options.dropHeader);
    ws.addRow(columns.map((c) => c.header));
    for (const row of rows) ws.addRow(columns.map((c) => row[c.key] ?? ''));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads a workbook to an import call as the console does (multipart field `file`). */
export function uploadImport(t: TestApp, url: string, token: string, file: Buffer, headers: Record<string, string> = {}, host: string = HOSTS.localhost) {
  const form = multipartFile(file, 'import.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return t.call({ method: 'POST', url, token, host, payload: form.payload, headers: { ...form.headers, ...headers } });
}

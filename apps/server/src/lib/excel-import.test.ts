import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { adminImportMessages as text_ } from '@baobei/shared/messages/admin';
import { MAX_IMPORT_ROWS, type ImportSheet } from '@baobei/shared/rules/excel-import';
import { cellText, readImportWorkbook, unpackedSize } from './excel-import';

/** Issue 30, item 4: the workbook side of the imports, without a database. */

const SHEET = { name: '楼盘', columns: [{ key: 'name', header: '楼盘名称', example: '' }, { key: 'city', header: '城市', example: '' }] } as const satisfies ImportSheet;

async function book(rows: unknown[][], headers: string[] = ['城市', '楼盘名称']): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('楼盘');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('readImportWorkbook', () => {
  it('reads cells by header, whatever the column order, skipping empty rows and trimming', async () => {
    const [rows] = await readImportWorkbook(await book([['琼海', ' 甲 '], [], ['万宁', '乙']]), [SHEET]);
    expect(rows).toEqual([
      { row: 2, cells: { name: '甲', city: '琼海' } },
      { row: 4, cells: { name: '乙', city: '万宁' } },
    ]);
  });

  it(`refuses a sheet of more than ${MAX_IMPORT_ROWS} rows`, async () => {
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ['琼海', `楼盘${i}`]);
    await expect(readImportWorkbook(await book(many), [SHEET])).rejects.toMatchObject({ msg: text_.tooManyRows(MAX_IMPORT_ROWS) });
    const exactly = await readImportWorkbook(await book(many.slice(1)), [SHEET]);
    expect(exactly[0]).toHaveLength(MAX_IMPORT_ROWS);
  });

  it('refuses a zip that claims to unpack to more than the limit, before unpacking it', async () => {
    const file = await book([['琼海', '甲']]);
    expect(unpackedSize(file)).toBeGreaterThan(0);
    // The first central directory entry's uncompressed size, raised to 2 GB.
    const central = file.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const bomb = Buffer.from(file);
    bomb.writeUInt32LE(0x7fffffff, central + 24);
    expect(unpackedSize(bomb)).toBeGreaterThan(2 ** 30);
    await expect(readImportWorkbook(bomb, [SHEET])).rejects.toMatchObject({ msg: text_.fileTooLarge });
    expect(unpackedSize(Buffer.from('not a zip at all, just text long enough to scan'))).toBeUndefined();
  });
});

describe('cellText', () => {
  it('reads what the user sees', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(new Date(Date.UTC(2026, 0, 31)))).toBe('2026-01-31');
    expect(cellText({ richText: [{ text: '海景' }, { text: '花园 ' }] })).toBe('海景花园');
    expect(cellText({ formula: 'A1*2', result: 42 } as ExcelJS.CellValue)).toBe('42');
    expect(cellText({ text: '链接', hyperlink: 'https://example.com' })).toBe('链接');
  });
});

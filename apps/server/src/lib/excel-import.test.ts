import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
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

/** A zip of one deflated entry, its declared size `declared` (the central directory's, as a liar writes it). */
function zipOf(name: string, deflated: Buffer, declared: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const centralAt = local.length + n.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, n, deflated, central, n, end]);
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

  it('measures what a zip really unpacks to and stops a bomb at the limit, whatever its entries declare', async () => {
    const file = await book([['琼海', '甲']]);
    const size = unpackedSize(file)!;
    expect(size).toBeGreaterThan(1000);
    // Over a limit below the workbook's own size: stopped there.
    expect(unpackedSize(file, 500)).toBe(501);
    // A bomb: one entry of 120 MB of one repeated byte (a zip of about 120 KB) that declares 1,000 bytes.
    const bomb = zipOf('xl/worksheets/sheet1.xml', deflateRawSync(Buffer.alloc(120 * 1024 * 1024, 0x41)), 1000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
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

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contentDisposition, exportFileName, formulaSafe, ROWS_PER_TURN, shanghaiCell, streamWorkbook } from './excel-stream';

describe('streamed workbooks', () => {
  it('names the file by the Shanghai day, with an RFC 5987 name and an ASCII fallback', () => {
    // 2026-11-24 17:00 UTC is already the 25th in Shanghai.
    const name = exportFileName('报备列表', new Date('2026-11-24T17:00:00Z'));
    expect(name).toBe('报备列表-20261125.xlsx');
    expect(contentDisposition(name)).toBe(`attachment; filename="20261125.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(contentDisposition('a"b(1).xlsx')).toBe(`attachment; filename="ab(1).xlsx"; filename*=UTF-8''a%22b%281%29.xlsx`);
  });

  it('writes Shanghai wall-clock dates', () => {
    expect(shanghaiCell(new Date('2026-03-03T15:30:00Z'))?.toISOString()).toBe('2026-03-03T23:30:00.000Z');
    expect(shanghaiCell(null)).toBeNull();
  });

  it('holds about one batch of rows, not all of them, while a slow reader takes the file', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    // A slow download: the reader takes a chunk every few milliseconds.
    let reading = true;
    void (async () => {
      for await (const chunk of out) {
        chunks.push(chunk as Buffer);
        if (reading) await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const book = streamWorkbook(out, new AbortController().signal);
    const sheet = book.sheet<number>({
      name: '报备列表',
      columns: [
        { header: '编号', width: 8, value: (n) => n },
        { header: '客户', width: 12, value: (n) => `客户${n}号，海口市龙华区滨海大道${n}号` },
        { header: '时间', width: 17, value: (n) => new Date(1_700_000_000_000 + n * 60_000) },
      ],
    });
    let worst = 0;
    for (let batch = 0; batch < 20; batch++) {
      for (let i = 0; i < 1000; i++) sheet.add(batch * 1000 + i);
      await sheet.settle();
      worst = Math.max(worst, sheet.buffered());
    }
    reading = false;
    await book.end();
    await new Promise((r) => setTimeout(r, 50));
    // Without the wait a slow reader leaves every row's XML in archiver's input (4.9 MB at 20,000 rows).
    expect(worst).toBeLessThan(1024 * 1024);
    const file = new ExcelJS.Workbook();
    await file.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(file.worksheets[0]!.rowCount).toBe(20_001);
  });

  it('escapes a text that a spreadsheet would read as a formula (OWASP CSV injection), never a number or a date', () => {
    for (const text of ['=1+1', '+86', '-2', '@SUM(A1)', '\tx', '\rx', '＝1', '＋1', '－1', '＠x']) expect(formulaSafe(text)).toBe(`'${text}`);
    for (const text of ['张三', '13800000001', '1-2', 'a=b', '', "'=already"]) expect(formulaSafe(text)).toBe(text);
    expect(formulaSafe(-5)).toBe(-5);
    const day = new Date('2026-03-03T00:00:00Z');
    expect(formulaSafe(day)).toBe(day);
    expect(formulaSafe(null)).toBeNull();
  });

  it('lets the event loop run after every ROWS_PER_TURN rows, and keeps a negative number a number', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A ticker that counts the rows written between two of its turns of the event loop.
    let written = 0;
    let worst = 0;
    let ticking = true;
    const tick = () => {
      worst = Math.max(worst, written);
      written = 0;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const book = streamWorkbook(out, new AbortController().signal);
    const sheet = book.sheet<number>({
      name: 'rows',
      columns: [
        { header: '编号', width: 8, value: (n) => (written++, -n) },
        { header: '名称', width: 8, value: (n) => `=A${n}` },
      ],
    });
    const total = ROWS_PER_TURN * 6;
    // Two batches of three slices each, as the database would give them.
    await sheet.addAll(Array.from({ length: total / 2 }, (_, i) => i + 1));
    await sheet.addAll(Array.from({ length: total / 2 }, (_, i) => total / 2 + i + 1));
    ticking = false;
    await book.end();
    worst = Math.max(worst, written);
    // Without the turn the whole batch (three slices) was written in one go.
    expect(worst).toBeLessThanOrEqual(ROWS_PER_TURN);
    const file = new ExcelJS.Workbook();
    await file.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const last = file.worksheets[0]!.getRow(total + 1);
    expect(last.getCell(1).value).toBe(-total);
    expect(last.getCell(2).value).toBe(`'=A${total}`);
  });
});

import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { SHANGHAI_OFFSET_MS, shanghaiDay } from '@baobei/shared/rules/shanghai-time';

/**
 * Excel files written as they stream out (docs/decisions/049): exceljs's streaming
 * WorkbookWriter, each row committed (serialised and let go) as soon as it is added, so a
 * sheet of 100,000 reports never sits in memory; the zip goes straight to the reply.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExcelColumn<R> {
  header: string;
  /** Width in characters (a CJK character is about two). */
  width: number;
  value: (row: R) => string | number | Date | null;
  /** Excel number format of the column's cells (dates: 'yyyy-mm-dd hh:mm'). */
  numFmt?: string;
}

export interface ExcelSheet<R> {
  name: string;
  columns: readonly ExcelColumn<R>[];
}

/**
 * An instant as a cell Excel shows in Shanghai time. An Excel date has no zone: exceljs writes
 * a Date's UTC fields, so the instant shifted by Shanghai's fixed offset (rules/shanghai-time)
 * reads as the Shanghai wall clock in any spreadsheet, and still sorts and filters as a date.
 */
export function shanghaiCell(instant: Date | null): Date | null {
  return instant ? new Date(instant.getTime() + SHANGHAI_OFFSET_MS) : null;
}
export const MINUTE_FORMAT = 'yyyy-mm-dd hh:mm';

/**
 * The first characters that make a spreadsheet read a text as a formula when the file is saved
 * as CSV and opened again (OWASP, CSV injection): = + - @, tab and carriage return, and the
 * full-width ＝ ＋ － ＠ that Excel in a Chinese or Japanese locale also takes as a formula's start.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell made safe to save as CSV (docs/decisions/060): a text starting like a formula gets
 * a leading `'`, which every spreadsheet reads as "this is text". Numbers and dates are typed
 * cells and stay as they are (a negative amount is still a number); only strings, which come
 * from what people typed (names, listings, shops, references), are escaped. Every export writes
 * its rows through `SheetWriter.add`, which applies this to each cell.
 */
export function formulaSafe<V>(value: V): V | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** `报备列表-20261124.xlsx`: the export's name and the Shanghai day. */
export function exportFileName(base: string, now: Date = new Date()): string {
  return `${base}-${shanghaiDay(now).replaceAll('-', '')}.xlsx`;
}

/**
 * Content-Disposition with the UTF-8 name (RFC 5987/6266 `filename*`) and an ASCII fallback
 * for clients that read only `filename` (the Chinese replaced by its day alone).
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '').replace(/^-+/, '') || 'export.xlsx';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Rows written between two turns of the event loop (an export's keyset batch is as many). */
export const ROWS_PER_TURN = 500;

/** One sheet being written: add rows (committed at once), then end it. */
export interface SheetWriter<R> {
  add(row: R): void;
  /** Adds the rows ROWS_PER_TURN at a time, settling after each slice (a batch read from the database). */
  addAll(rows: readonly R[]): Promise<void>;
  /**
   * Waits while the reply has not taken what was written (a slow download holds the reader, not
   * memory), then lets the event loop run once (setImmediate) so the requests waiting behind this
   * batch are answered before the next one is read (docs/decisions/060). Call it after each batch.
   */
  settle(): Promise<void>;
  /** Bytes of the sheet's XML waiting in front of the zip (what `settle` bounds). */
  buffered(): number;
}

type ArchiverInput = Writable & { _writableState?: { needDrain?: boolean; length?: number } };

/** The input stream archiver made for a sheet's buffer (exceljs internals, checked by excel-stream.test.ts). */
function archiverInput(sheet: ExcelJS.Worksheet): ArchiverInput | undefined {
  return (sheet as unknown as { stream?: { pipes?: ArchiverInput[] } }).stream?.pipes?.[0];
}

/**
 * A workbook streamed to `out`: `sheet()` opens the sheets in turn (each committed when the next
 * opens or the book ends), `end()` finishes the zip. `signal` stops the waits when the
 * download is abandoned.
 */
export function streamWorkbook(out: Writable, signal: AbortSignal) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let open: ExcelJS.Worksheet | null = null;

  /**
   * Backpressure, which exceljs does not give: a committed row goes into the sheet's buffer,
   * which pushes it into archiver's input stream without waiting, so rows produced faster than
   * the deflate (or a slow download) takes them would pile up there as XML text (measured:
   * +140 MB of heap for 100,000 reports, docs/decisions/049). After each batch, wait until that
   * input has drained, then until `out` (the reply) has.
   */
  async function settle(sheet: ExcelJS.Worksheet): Promise<void> {
    // archiver's input is a readable-stream (npm) PassThrough, without Node's writableNeedDrain getter.
    const input = archiverInput(sheet);
    if (input?._writableState?.needDrain && !signal.aborted) await once(input, 'drain', { signal }).catch(() => undefined);
    if (out.writableNeedDrain && !signal.aborted) await once(out, 'drain', { signal }).catch(() => undefined);
    // Even when nothing had to drain: the other requests get their turn between two batches.
    await nextTurn();
  }

  return {
    sheet<R>(spec: ExcelSheet<R>): SheetWriter<R> {
      open?.commit();
      const sheet = book.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = spec.columns.map((c, i) => ({ key: String(i), width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
      const header = sheet.addRow(spec.columns.map((c) => c.header));
      header.font = { bold: true };
      header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F3F5' } };
      header.commit();
      open = sheet;
      const add = (row: R) => {
        sheet.addRow(spec.columns.map((c) => formulaSafe(c.value(row)))).commit();
      };
      return {
        add,
        async addAll(rows: readonly R[]) {
          for (let i = 0; i < rows.length && !signal.aborted; i += ROWS_PER_TURN) {
            for (const row of rows.slice(i, i + ROWS_PER_TURN)) add(row);
            await settle(sheet);
          }
        },
        settle: () => settle(sheet),
        buffered: () => archiverInput(sheet)?._writableState?.length ?? 0,
      };
    },
    async end(): Promise<void> {
      open?.commit();
      await book.commit();
    },
  };
}

/** The reply's body: a PassThrough the workbook writes into and Fastify streams out. */
export function replyStream(): PassThrough {
  return new PassThrough();
}

import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
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

/** One sheet being written: add rows (committed at once), then end it. */
export interface SheetWriter<R> {
  add(row: R): void;
  /** Waits while the reply has not taken what was written (a slow download holds the reader, not memory). */
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
      return {
        add(row: R) {
          sheet.addRow(spec.columns.map((c) => c.value(row))).commit();
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

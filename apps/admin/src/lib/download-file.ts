import type { Endpoint } from '@baobei/shared/contract/endpoint';
import { messages } from '@baobei/shared/messages';
import { buildUrl, readEnvelope, type QueryValue } from '@baobei/shared/client/envelope';
import { EXPORT_ROWS_HEADER } from '@baobei/shared/schemas/admin-export';
import { ApiError } from './api-error';
import { navigateTo, PATHS } from './navigation';
import { clearToken, currentCompanyId, readToken } from './session';

/**
 * Downloads a file endpoint of the contract (`file: true`: the console's Excel exports,
 * docs/decisions/049) with its progress: the server names the row count in X-Export-Rows
 * before the body; the body is read chunk by chunk (bytes received), then saved as a Blob
 * under the file's own name. A refusal is the envelope, thrown as ApiError as `call` does
 * (401: back to sign-in).
 */

export interface DownloadProgress {
  /** Rows the file holds, as the server counted them before the first byte (null: not said). */
  rows: number | null;
  /** Bytes received so far. */
  received: number;
  /**
   * An estimate of the share received, 0..0.99 while streaming (the zip's size is unknown until
   * its end: rows × the export's bytes per row), 1 when saved.
   */
  fraction: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** About how many bytes of the zip one row makes (measured, docs/decisions/049). */
  bytesPerRow?: number;
  /** Where the Blob goes: the browser's download (default), or a test's hand. */
  save?: (blob: Blob, fileName: string) => void;
}

/** The name of an RFC 5987/6266 Content-Disposition: `filename*` (UTF-8), else `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the download take the object before it is let go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export async function downloadFile(
  endpoint: Endpoint & { file: true },
  query: Record<string, QueryValue>,
  options: DownloadOptions = {},
): Promise<{ fileName: string; rows: number | null; bytes: number }> {
  const headers: Record<string, string> = { Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' };
  const companyId = currentCompanyId();
  if (companyId !== null) headers.companyId = String(companyId);
  const token = readToken();
  if (token) headers.Authorization = token;

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, query), { method: endpoint.method, headers, signal: options.signal, credentials: 'same-origin' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ code: 0, msg: messages.common.requestException });
  }

  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    const result = readEnvelope(response.status, parsed);
    const error = result.ok || !result.error ? new ApiError({ code: response.status, msg: messages.common.requestException }) : result.error;
    if (error.code === 401 && token) {
      clearToken();
      navigateTo(PATHS.login);
    }
    throw error;
  }

  const rowsHeader = response.headers.get(EXPORT_ROWS_HEADER);
  const rows = rowsHeader === null ? null : Number(rowsHeader);
  const expected = rows === null ? null : 8_000 + rows * (options.bytesPerRow ?? 60);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const report = (fraction: number) => options.onProgress?.({ rows, received, fraction });
  report(0);
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      report(expected ? Math.min(0.99, received / expected) : 0);
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    received = whole.byteLength;
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'export.xlsx');
  const blob = new Blob(chunks as BlobPart[], { type: type || 'application/octet-stream' });
  (options.save ?? saveBlob)(blob, fileName);
  report(1);
  return { fileName, rows, bytes: received };
}

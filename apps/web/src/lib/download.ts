import { authorizedFetch } from './http';

/** Saves a Blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Records (lines) received so far while a CSV downloads, header included. */
export type CsvProgress = (records: number) => void;

const LINE_FEED = 10;

/**
 * Reads a response body to a Blob, calling `onProgress` with the number of line feeds seen so far
 * (a CSV record ends with one; a quoted multi-line cell counts more, which only makes the figure
 * run a little ahead). Throttled to one call per animation-frame-sized interval by the caller's
 * state update, not here.
 */
async function readWithProgress(response: Response, onProgress: CsvProgress): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'text/csv';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === LINE_FEED) lines += 1;
    onProgress(lines);
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * Downloads a list as CSV: the API streams it; the browser keeps it in memory only to save it,
 * because the request carries the bearer token (a plain link could not). The file name comes from
 * the answer's `Content-Disposition`, else `fallbackName`. `onProgress` hears the records received
 * so far, for long exports.
 */
export async function downloadCsv(
  url: string,
  fallbackName: string,
  onProgress?: CsvProgress,
): Promise<void> {
  const response = await authorizedFetch(url, { headers: { Accept: 'text/csv' } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const blob = onProgress ? await readWithProgress(response, onProgress) : await response.blob();
  saveBlob(blob, filename);
}

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

/**
 * Downloads a list as CSV: the API streams it; the browser keeps it in memory only to save it,
 * because the request carries the bearer token (a plain link could not). The file name comes from
 * the answer's `Content-Disposition`, else `fallbackName`.
 */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const response = await authorizedFetch(url, { headers: { Accept: 'text/csv' } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), filename);
}

import type { TStoredFile } from '@forecourt/contracts';
import { isoTime } from '../../lib/iso-time';
import type { FileRow } from './files.repository';

export function presentFile(row: FileRow): TStoredFile {
  const name =
    row.uploaderFirstName === null && row.uploaderLastName === null
      ? null
      : `${row.uploaderFirstName ?? ''} ${row.uploaderLastName ?? ''}`.trim();
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType as TStoredFile['contentType'],
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    incidentId: row.incidentId,
    uploadedBy:
      row.uploadedByUserId !== null ? { id: row.uploadedByUserId, name: name ?? 'Former member' } : null,
    createdAt: isoTime(row.createdAt),
  };
}

/** A file name safe to store and show: no path, no control characters, at most 200 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });
  const cleaned = printable.join('').trim().slice(0, 200);
  return cleaned.length > 0 ? cleaned : 'file';
}

/** `Content-Disposition` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

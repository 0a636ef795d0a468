import type { TStoredFile } from '@forecourt/contracts';

type EvidenceType = TStoredFile['contentType'];

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The content type of an evidence file from its first bytes (PNG, JPEG, GIF, WebP or PDF), or null
 * for anything else. The request's own Content-Type and the file name are never trusted: what is
 * served back later is what the bytes are.
 */
export function sniffEvidenceType(bytes: Buffer): EvidenceType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

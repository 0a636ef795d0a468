import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Uploaded bytes on disk, named by their SHA-256 (`<dir>/ab/cd/abcd…`): the same bytes are stored
 * once however often they are uploaded, a stored file never changes, and a name can never be
 * chosen by the uploader. Writes go to a temporary name first and are renamed into place, so a
 * reader never sees half a file. Files are not deleted (metadata rows may share them).
 */
export type FileStore = {
  dir: string;
  /** Stores the bytes (if not stored yet); their SHA-256 in hex. */
  put(bytes: Buffer): Promise<string>;
  /** The stored bytes as a stream, or null when they are missing. */
  open(sha256: string): Promise<ReadStream | null>;
};

const HEX64 = /^[0-9a-f]{64}$/;

export function createFileStore(dir: string): FileStore {
  const pathOf = (sha256: string) => {
    if (!HEX64.test(sha256)) throw new Error('not a SHA-256');
    return join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  const exists = async (path: string) => {
    try {
      await stat(path);
      return true;
    } catch {
      return false;
    }
  };
  return {
    dir,
    async put(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const path = pathOf(sha256);
      if (await exists(path)) return sha256;
      await mkdir(join(dir, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return sha256;
    },
    async open(sha256) {
      const path = pathOf(sha256);
      if (!(await exists(path))) return null;
      return createReadStream(path);
    },
  };
}

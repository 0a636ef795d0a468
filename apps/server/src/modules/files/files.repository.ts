import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FilesTable } from '../../db/schema';

export type FileRow = Selectable<FilesTable> & {
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
};

function filesWithUploader(db: Db) {
  return db
    .selectFrom('files')
    .leftJoin('users as uploader', 'uploader.id', 'files.uploadedByUserId')
    .selectAll('files')
    .select(['uploader.firstName as uploaderFirstName', 'uploader.lastName as uploaderLastName']);
}

export async function insertFile(db: Db, values: Insertable<FilesTable>): Promise<number> {
  const row = await db.insertInto('files').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A file of the organisation (station access is the service's check). */
export function findFile(db: Db, organizationId: number, id: number): Promise<FileRow | undefined> {
  return filesWithUploader(db)
    .where('files.organizationId', '=', organizationId)
    .where('files.id', '=', id)
    .executeTakeFirst();
}

/** An incident's evidence, oldest first. */
export function incidentFiles(db: Db, incidentId: number): Promise<FileRow[]> {
  return filesWithUploader(db)
    .where('files.incidentId', '=', incidentId)
    .orderBy('files.createdAt', 'asc')
    .orderBy('files.id', 'asc')
    .execute();
}

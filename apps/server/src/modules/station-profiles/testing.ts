import type { Db } from '../../db/database';

/** Inserts a profile for a station (test fixture); returns its id. */
export async function insertProfile(
  db: Db,
  input: {
    organizationId: number;
    stationId: number;
    createdAt: number;
    displayName?: string;
    isPublished?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('stationProfiles')
    .values({
      organizationId: input.organizationId,
      stationId: input.stationId,
      displayName: input.displayName ?? 'Test profile',
      description: 'A test station.',
      amenities: JSON.stringify(['air', 'water']),
      hours: JSON.stringify({ mon: [{ open: '06:00', close: '22:00' }] }),
      photos: JSON.stringify([{ url: 'https://files.example.test/a.jpg', caption: 'Front' }]),
      phone: '+919800000000',
      email: 'station@example.test',
      isPublished: input.isPublished === false ? 0 : 1,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

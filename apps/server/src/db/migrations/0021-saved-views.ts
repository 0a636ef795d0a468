import type { Kysely } from 'kysely';
import { dialectOf, index, notNull, withId, withOrganization } from './dsl';

/**
 * A user's own corners of the dashboard, per organisation (docs/PRODUCT.md, "Saved views, pins
 * and home pages"): `saved_views` (a list's address-bar state under a name), `station_pins`
 * (favourite stations) and `home_pages` (the page a user chose to land on). Each row belongs to a
 * membership: removing the membership, the user, the organisation, a pinned station or a view
 * chosen as home removes what hangs off it.
 */
/** The membership a row belongs to (memberships are unique per organisation and user). */
const MEMBERSHIP = ['organization_id', 'user_id'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withOrganization(withId(db.schema.createTable('saved_views'), d))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list', 'text', notNull)
    .addColumn('name', 'text', notNull)
    /** The name as compared for uniqueness: trimmed, lower case. */
    .addColumn('name_key', 'text', notNull)
    .addColumn('search', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addForeignKeyConstraint(
      'saved_views_membership_fk',
      MEMBERSHIP as never[],
      'memberships',
      MEMBERSHIP,
      (c) => c.onDelete('cascade'),
    )
    .execute();
  // Unique names per user and list; also the index of "my views (of this list)", by name.
  await index(db, 'saved_views', ['organization_id', 'user_id', 'list', 'name_key'], { unique: true });

  await withOrganization(db.schema.createTable('station_pins'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('station_id', 'bigint', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .addForeignKeyConstraint(
      'station_pins_membership_fk',
      MEMBERSHIP as never[],
      'memberships',
      MEMBERSHIP,
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await index(db, 'station_pins', ['organization_id', 'user_id', 'station_id'], { unique: true });
  await index(db, 'station_pins', ['organization_id', 'user_id', 'created_at']);
  await index(db, 'station_pins', ['station_id']);

  await withOrganization(db.schema.createTable('home_pages'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('station_id', 'bigint', (c) => c.references('stations.id').onDelete('cascade'))
    .addColumn('view_id', 'bigint', (c) => c.references('saved_views.id').onDelete('cascade'))
    .addColumn('updated_at', 'bigint', notNull)
    .addForeignKeyConstraint(
      'home_pages_membership_fk',
      MEMBERSHIP as never[],
      'memberships',
      MEMBERSHIP,
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await index(db, 'home_pages', ['organization_id', 'user_id'], { unique: true });
  await index(db, 'home_pages', ['station_id']);
  await index(db, 'home_pages', ['view_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('home_pages').ifExists().execute();
  await db.schema.dropTable('station_pins').ifExists().execute();
  await db.schema.dropTable('saved_views').ifExists().execute();
}

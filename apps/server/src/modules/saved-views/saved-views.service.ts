import {
  SAVED_VIEW_DROPPED_PARAMS,
  SAVED_VIEW_LIMIT,
  type TSavedView,
  type TSavedViewCreate,
  type TSavedViewListId,
  type TSavedViewSearch,
  type TSavedViews,
  type TSavedViewUpdate,
  ZSavedViewSearch,
} from '@forecourt/contracts';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import { isoTime } from '../../lib/iso-time';
import {
  countSavedViews,
  deleteSavedView,
  findSavedView,
  insertSavedView,
  listSavedViews,
  type Owner,
  type SavedViewRow,
  savedViewNameTaken,
  updateSavedView,
} from './saved-views.repository';

/** Saved views of lists (docs/PRODUCT.md, "Saved views, pins and home pages"). */

export const ownerOf = (caller: Caller): Owner => ({
  organizationId: caller.organizationId,
  userId: caller.userId,
});

/** Names compare trimmed and without case: "Failed UPI" and "failed upi " are one name. */
const nameKey = (name: string) => name.trim().toLowerCase();

/** The search a view keeps: the position in the list (cursor, page) is left out. */
function storedSearch(search: TSavedViewSearch): string {
  const kept = Object.fromEntries(
    Object.entries(search).filter(([key]) => !(SAVED_VIEW_DROPPED_PARAMS as readonly string[]).includes(key)),
  );
  return JSON.stringify(kept);
}

/** A stored search reads back as it was checked on the way in; anything else reads as none. */
function readSearch(text: string): TSavedViewSearch {
  try {
    const parsed = ZSavedViewSearch.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function presentSavedView(row: SavedViewRow): TSavedView {
  return {
    id: row.id,
    list: row.list as TSavedViewListId,
    name: row.name,
    search: readSearch(row.search),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

const nameTaken = (name: string) =>
  new AppError('VIEW_NAME_TAKEN', `You already have a view named "${name}" for this list`, [
    { path: 'name', message: 'already used for this list' },
  ]);

export async function getSavedViews(db: Db, caller: Caller, list?: TSavedViewListId): Promise<TSavedViews> {
  const rows = await listSavedViews(db, ownerOf(caller), list);
  return { results: rows.map(presentSavedView), limit: SAVED_VIEW_LIMIT };
}

export async function getSavedView(db: Db, caller: Caller, id: number): Promise<SavedViewRow> {
  const row = await findSavedView(db, ownerOf(caller), id);
  if (!row) throw notFound('View');
  return row;
}

export async function createSavedView(
  db: Db,
  caller: Caller,
  body: TSavedViewCreate,
  now: number,
): Promise<TSavedView> {
  const owner = ownerOf(caller);
  const name = body.name.trim();
  if ((await countSavedViews(db, owner)) >= SAVED_VIEW_LIMIT) {
    throw new AppError('LIMIT_REACHED', `You can keep ${SAVED_VIEW_LIMIT} views; delete one to save another`);
  }
  if (await savedViewNameTaken(db, owner, body.list, nameKey(name))) throw nameTaken(name);
  try {
    const row = await insertSavedView(db, {
      ...owner,
      list: body.list,
      name,
      nameKey: nameKey(name),
      search: storedSearch(body.search),
      now,
    });
    return presentSavedView(row);
  } catch (error) {
    // Two saves of one name at once: the second loses on the unique index.
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

export async function changeSavedView(
  db: Db,
  caller: Caller,
  id: number,
  body: TSavedViewUpdate,
  now: number,
): Promise<TSavedView> {
  const owner = ownerOf(caller);
  const current = await getSavedView(db, caller, id);
  const name = body.name?.trim();
  if (name !== undefined && (await savedViewNameTaken(db, owner, current.list, nameKey(name), id))) {
    throw nameTaken(name);
  }
  try {
    const row = await updateSavedView(db, owner, id, {
      ...(name !== undefined ? { name, nameKey: nameKey(name) } : {}),
      ...(body.search !== undefined ? { search: storedSearch(body.search) } : {}),
      now,
    });
    if (!row) throw notFound('View');
    return presentSavedView(row);
  } catch (error) {
    if (isUniqueViolation(error) && name !== undefined) throw nameTaken(name);
    throw error;
  }
}

export async function removeSavedView(db: Db, caller: Caller, id: number): Promise<void> {
  if (!(await deleteSavedView(db, ownerOf(caller), id))) throw notFound('View');
}

import type { THomePage, THomePageChoice } from '@forecourt/contracts';
import type { Db } from '../../db/database';
import type { Caller } from '../../http/caller';
import { AppError, notFound } from '../../lib/app-error';
import { stationScope } from '../../lib/scope/scope';
import {
  findHomePage,
  findSavedView,
  findVisibleStationById,
  firstVisibleStations,
  type HomePageRow,
  saveHomePage,
} from './saved-views.repository';
import { ownerOf, presentSavedView } from './saved-views.service';

/**
 * Where a user lands after signing in and on `/` (docs/PRODUCT.md, "Saved views, pins and home
 * pages"): their own choice while it still points at something they see, else the rule of their
 * role — admins the command centre, a member with exactly one station that station, everyone
 * else (and anyone in an organisation without stations yet) the station list, pinned first.
 */

type Landing = Pick<THomePage, 'to' | 'params' | 'search'>;

const page = (
  to: string,
  params: Record<string, string> = {},
  search: THomePage['search'] = {},
): Landing => ({
  to,
  params,
  search,
});

async function byRole(db: Db, caller: Caller): Promise<Landing> {
  const stations = await firstVisibleStations(db, caller);
  // A new organisation has nothing to command yet: its station list holds the setup checklist.
  if (stations.length === 0) return page('/stations');
  if (caller.role === 'admin') return page('/command');
  const only = stations.length === 1 ? stations[0] : undefined;
  return only ? page('/stations/$slug', { slug: only.slug }) : page('/stations');
}

/** The chosen page, with its label; null when the choice no longer leads anywhere the caller may go. */
async function byChoice(
  db: Db,
  caller: Caller,
  row: HomePageRow,
): Promise<{ landing: Landing; choice: THomePageChoice; label: string | null } | null> {
  switch (row.kind) {
    case 'command':
    case 'stations':
      return { landing: page(`/${row.kind}`), choice: { kind: row.kind }, label: null };
    case 'incidents':
      if (!caller.grants.has('incidents:r')) return null;
      return { landing: page('/incidents'), choice: { kind: 'incidents' }, label: null };
    case 'station': {
      const station =
        row.stationId === null ? undefined : await findVisibleStationById(db, caller, row.stationId);
      if (!station) return null;
      return {
        landing: page('/stations/$slug', { slug: station.slug }),
        choice: { kind: 'station', station: station.slug },
        label: station.name,
      };
    }
    case 'view': {
      const view = row.viewId === null ? undefined : await findSavedView(db, ownerOf(caller), row.viewId);
      if (!view) return null;
      const shown = presentSavedView(view);
      return {
        landing: page(shown.list, {}, shown.search),
        choice: { kind: 'view', viewId: shown.id },
        label: shown.name,
      };
    }
    default:
      return null;
  }
}

export async function getHomePage(db: Db, caller: Caller): Promise<THomePage> {
  const row = await findHomePage(db, ownerOf(caller));
  const chosen = row ? await byChoice(db, caller, row) : null;
  if (chosen)
    return { ...chosen.landing, source: 'choice', choice: chosen.choice, choiceLabel: chosen.label };
  return { ...(await byRole(db, caller)), source: 'role', choice: { kind: 'auto' }, choiceLabel: null };
}

/** Sets the caller's home page: a station they see, one of their views of a whole list, or a page. */
export async function setHomePage(
  db: Db,
  caller: Caller,
  choice: THomePageChoice,
  now: number,
): Promise<THomePage> {
  const owner = ownerOf(caller);
  let row: HomePageRow | null;
  switch (choice.kind) {
    case 'auto':
      row = null;
      break;
    case 'station': {
      const { station } = await stationScope(db, caller, choice.station);
      row = { kind: 'station', stationId: station.id, viewId: null };
      break;
    }
    case 'view': {
      const view = await findSavedView(db, owner, choice.viewId);
      if (!view) throw notFound('View');
      if (view.list.includes('$')) {
        throw new AppError(
          'VALIDATION_FAILED',
          "A view of one station's or programme's list cannot be a home page",
          [{ path: 'viewId', message: 'a view of a whole list is needed' }],
        );
      }
      row = { kind: 'view', stationId: null, viewId: view.id };
      break;
    }
    default:
      row = { kind: choice.kind, stationId: null, viewId: null };
  }
  await saveHomePage(db, owner, row, now);
  return getHomePage(db, caller);
}

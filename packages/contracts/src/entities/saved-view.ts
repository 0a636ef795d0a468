import { z } from 'zod';
import { ZStationStatus } from '../enums';
import { ZId, ZIsoDateTime } from './scalars';

/**
 * Saved views, pinned stations and home pages: what a user keeps of the dashboard for themself,
 * per organisation (docs/PRODUCT.md, "Saved views, pins and home pages").
 */

/**
 * The lists a view can be saved for, named by their route (a `$slug` is the station or programme
 * the view is applied to: a station's view works on every station).
 */
export const SAVED_VIEW_LISTS = [
  '/stations',
  '/command',
  '/incidents',
  '/vehicles',
  '/cards',
  '/cards/activation-requests',
  '/access-requests',
  '/loyalty/$slug',
  '/loyalty/$slug/settlements',
  '/stations/$slug/transactions',
  '/stations/$slug/payments',
  '/stations/$slug/vehicles',
  '/stations/$slug/customers',
  '/stations/$slug/challans',
  '/stations/$slug/personnel',
  '/stations/$slug/sales',
  '/stations/$slug/metrics',
] as const;
export const ZSavedViewListId = z.enum(SAVED_VIEW_LISTS);
export type TSavedViewListId = z.infer<typeof ZSavedViewListId>;

/** How many views one user keeps in one organisation (over every list). */
export const SAVED_VIEW_LIMIT = 50;
/** How many stations one user pins in one organisation. */
export const STATION_PIN_LIMIT = 50;
/** The longest view name. */
export const SAVED_VIEW_NAME_MAX = 60;

/** Search parameters a view never keeps: where in the list the user was is not a view. */
export const SAVED_VIEW_DROPPED_PARAMS = ['cursor', 'page'] as const;

const ZSearchValue = z.union([
  z.string().max(500),
  z.number().finite(),
  z.boolean(),
  z.array(z.union([z.string().max(100), z.number().finite()])).max(30),
]);

/**
 * A list's search parameters as the address bar holds them (filters, sort, window): at most 30
 * plain keys with short values. The list's route validates them again when the view is applied,
 * so a parameter the list no longer knows is dropped there.
 */
export const ZSavedViewSearch = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'not a search parameter name'), ZSearchValue)
  .refine((search) => Object.keys(search).length <= 30, 'at most 30 parameters');
export type TSavedViewSearch = z.infer<typeof ZSavedViewSearch>;

export const ZSavedViewName = z.string().trim().min(1).max(SAVED_VIEW_NAME_MAX);

export const ZSavedView = z.object({
  id: ZId,
  list: ZSavedViewListId,
  name: z.string(),
  search: ZSavedViewSearch,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TSavedView = z.infer<typeof ZSavedView>;

/** `GET /api/views`: the caller's views, by list then name. */
export const ZSavedViews = z.object({ results: z.array(ZSavedView), limit: z.number().int() });
export type TSavedViews = z.infer<typeof ZSavedViews>;

export const ZSavedViewsQuery = z.object({ list: ZSavedViewListId.optional() });

export const ZSavedViewCreate = z.object({
  list: ZSavedViewListId,
  name: ZSavedViewName,
  search: ZSavedViewSearch,
});
export type TSavedViewCreate = z.infer<typeof ZSavedViewCreate>;

export const ZSavedViewUpdate = z
  .object({ name: ZSavedViewName.optional(), search: ZSavedViewSearch.optional() })
  .refine((body) => body.name !== undefined || body.search !== undefined, 'name or search is required');
export type TSavedViewUpdate = z.infer<typeof ZSavedViewUpdate>;

export const ZSavedViewParams = z.object({ id: z.coerce.number().int().positive() });

/** A pinned station, as the pins list and the home page show it. */
export const ZStationPin = z.object({
  stationId: ZId,
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  status: ZStationStatus,
  pinnedAt: ZIsoDateTime,
});
export type TStationPin = z.infer<typeof ZStationPin>;

/** `GET /api/station-pins`: the caller's pinned stations they still see, oldest pin first. */
export const ZStationPins = z.object({ results: z.array(ZStationPin), limit: z.number().int() });
export type TStationPins = z.infer<typeof ZStationPins>;

export const ZStationPinParams = z.object({ slug: z.string().min(1).max(120) });

/** What a user may choose as their home page; `auto` lands by role. */
export const HOME_PAGE_KINDS = ['auto', 'command', 'stations', 'incidents', 'station', 'view'] as const;
export const ZHomePageKind = z.enum(HOME_PAGE_KINDS);
export type THomePageKind = z.infer<typeof ZHomePageKind>;

/** `PUT /api/home`: `station` names the station (`kind: station`), `viewId` the view (`kind: view`). */
export const ZHomePageChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['auto', 'command', 'stations', 'incidents']) }),
  z.object({ kind: z.literal('station'), station: z.string().min(1).max(120) }),
  z.object({ kind: z.literal('view'), viewId: ZId }),
]);
export type THomePageChoice = z.infer<typeof ZHomePageChoice>;

/**
 * `GET /api/home`: where the caller lands — a route (`to`), its params and search — and why:
 * their own choice, or the rule of their role. `choice` is what they chose (`auto` when nothing).
 */
export const ZHomePage = z.object({
  to: z.string(),
  params: z.record(z.string(), z.string()),
  search: ZSavedViewSearch,
  source: z.enum(['choice', 'role']),
  choice: ZHomePageChoice,
  /** The chosen station's or view's name, for the settings screen. */
  choiceLabel: z.string().nullable(),
});
export type THomePage = z.infer<typeof ZHomePage>;

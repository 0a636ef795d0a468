import { z } from 'zod';
import { ZFuel, ZOrganizationKind } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZId, ZIsoDateTime } from './scalars';

/** An organisation: a dealer group, an oil company's region or a fleet operator. */
export const ZOrganization = z.object({
  id: ZId,
  slug: z.string(),
  name: z.string(),
  kind: ZOrganizationKind,
  /** True for oil marketing companies and other fuel suppliers. */
  isFuelProvider: z.boolean(),
  /** Fuels sold across the organisation's stations. */
  fuels: z.array(ZFuel),
  createdAt: ZIsoDateTime,
});
export type TOrganization = z.infer<typeof ZOrganization>;

/** Sortable fields (spec §9 names none; by name by default). */
export const ORGANIZATION_SORTS = ['name', 'createdAt'] as const;

/** `GET /api/organizations` query: filters isFuelProvider and fuels (spec §3), 40 per page. */
export const ZOrganizationListQuery = zListQuery({
  ...LIST_DEFAULTS.organizations,
  sortable: ORGANIZATION_SORTS,
  sort: 'name',
}).extend({
  isFuelProvider: zQueryBoolean.optional(),
  /** Organisations selling any of these fuels. */
  fuels: zMulti(ZFuel).optional(),
});
export type TOrganizationListQuery = z.infer<typeof ZOrganizationListQuery>;

/** A page of organisations. */
export const ZOrganizationList = zListResponse(ZOrganization);
export type TOrganizationList = z.infer<typeof ZOrganizationList>;

import { z } from 'zod';
import { ZFuel, ZOrganizationKind } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti, zQueryBoolean } from '../list';
import { ZAuditTrail } from './audit';
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

/** Sortable fields; by name by default. */
export const ORGANIZATION_SORTS = ['name', 'createdAt'] as const;

/** `GET /api/organizations` query: filters isFuelProvider and fuels, 40 per page. */
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

/** `GET /api/organizations/current`: the caller's organisation with counts and its audit trail. */
export const ZOrganizationDetail = ZOrganization.extend({
  stationCount: z.number().int(),
  memberCount: z.number().int(),
  audit: ZAuditTrail,
});
export type TOrganizationDetail = z.infer<typeof ZOrganizationDetail>;

/** `PATCH /api/organizations/current` (admins): the name and the fuels sold; at least one field. */
export const ZOrganizationUpdate = z
  .object({
    name: z.string().trim().min(2).max(120).optional(),
    fuels: z
      .array(ZFuel)
      .max(5)
      .refine((list) => new Set(list).size === list.length, { message: 'Each fuel once' })
      .optional(),
  })
  .refine((body) => body.name !== undefined || body.fuels !== undefined, {
    message: 'Change the name or the fuels',
  });
export type TOrganizationUpdate = z.infer<typeof ZOrganizationUpdate>;

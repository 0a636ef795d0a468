import { z } from 'zod';
import { ZSortDirection } from './enums';

/** Tenants of the notification platform (`/v1/tenants`, Novu v1 shapes). */
export const ZTenantIdentifier = z.string().trim().min(1).max(100);
const ZTenantData = z.record(z.string(), z.unknown());

export const ZTenantCreate = z.object({
  identifier: ZTenantIdentifier,
  name: z.string().trim().min(1).max(200),
  data: ZTenantData.optional(),
});
export type TTenantCreate = z.infer<typeof ZTenantCreate>;

export const ZTenantUpdate = z.object({
  identifier: ZTenantIdentifier.optional(),
  name: z.string().trim().min(1).max(200).optional(),
  data: ZTenantData.optional(),
});
export type TTenantUpdate = z.infer<typeof ZTenantUpdate>;

/**
 * A numbered page of tenants (Novu's page/limit paging). Named …PageQuery, not …ListQuery: the
 * `Z…List`/`Z…ListQuery` pair is kept for the keyset entity lists.
 */
export const ZTenantPageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  identifier: ZTenantIdentifier.optional(),
  orderDirection: ZSortDirection.optional(),
});

export const ZTenantEntity = z.object({
  _id: z.string(),
  identifier: z.string(),
  name: z.string(),
  data: ZTenantData,
  _environmentId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTenantEntity = z.infer<typeof ZTenantEntity>;

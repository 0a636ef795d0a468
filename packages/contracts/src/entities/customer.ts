import { z } from 'zod';
import { ZFuel } from '../enums';
import { LIST_DEFAULTS, zListQuery, zListResponse, zMulti } from '../list';
import { ZTimeWindowQuery } from '../time-window';
import { ZId, ZIsoDateTime, ZPaise, ZSearchText } from './scalars';

/** Kinds of customer: a person, a fleet operator's account, or a business on credit. */
export const CUSTOMER_KINDS = ['individual', 'fleet', 'business'] as const;
/** A customer's kind. */
export const ZCustomerKind = z.enum(CUSTOMER_KINDS);
export type TCustomerKind = z.infer<typeof ZCustomerKind>;

/** A known customer (loyalty member, fleet or credit account). */
export const ZCustomer = z.object({
  id: ZId,
  name: z.string(),
  kind: ZCustomerKind,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** The station the customer is registered at, if any. */
  homeStationId: ZId.nullable(),
  createdAt: ZIsoDateTime,
});
export type TCustomer = z.infer<typeof ZCustomer>;

/**
 * A row of the customers screen: the customer with their purchases inside the requested window.
 * `quantitySum` adds quantities across fuels in their own units (the list ranks by it);
 * `quantityByFuel` keeps them apart for display.
 */
export const ZCustomerSummary = ZCustomer.extend({
  quantitySum: z.number().nonnegative(),
  quantityByFuel: z.partialRecord(ZFuel, z.number().nonnegative()),
  amountPaise: ZPaise,
  transactionCount: z.number().int().nonnegative(),
  lastVisitAt: ZIsoDateTime.nullable(),
});
export type TCustomerSummary = z.infer<typeof ZCustomerSummary>;

/**
 * Sortable fields. `quantity_sum` keeps the product's spelling and orders by `quantitySum`;
 * the default is the biggest buyers first.
 */
export const CUSTOMER_SORTS = ['quantity_sum', 'name'] as const;

/** `GET /api/stations/:slug/customers` query: 40 per page within a window (screen `customers`, 14 days by default). */
export const ZCustomerListQuery = zListQuery({
  ...LIST_DEFAULTS.customers,
  sortable: CUSTOMER_SORTS,
  sort: '-quantity_sum',
}).extend({
  ...ZTimeWindowQuery.shape,
  /** Name or phone, matched from its start. */
  q: ZSearchText.optional(),
  kind: zMulti(ZCustomerKind).optional(),
});
export type TCustomerListQuery = z.infer<typeof ZCustomerListQuery>;

/** A page of customer summaries. */
export const ZCustomerList = zListResponse(ZCustomerSummary);
export type TCustomerList = z.infer<typeof ZCustomerList>;

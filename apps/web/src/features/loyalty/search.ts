import {
  LOYALTY_TRANSACTION_KINDS,
  LOYALTY_TRANSACTION_SORTS,
  LOYALTY_TRANSACTION_STATUSES,
  SETTLEMENT_SORTS,
  SETTLEMENT_STATUSES,
} from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchBoolean, zSearchCursor, zSearchEnumList, zSearchSort } from '../../lib/search-params';
import { ZTimeWindowSearch } from '../time-window';

/** Station ids in the address bar (`station=3,7`); anything else is dropped. */
const zSearchStationIds = z
  .union([z.string(), z.array(z.string()), z.number(), z.array(z.number())])
  .optional()
  .transform((raw) => {
    if (raw === undefined) return undefined;
    const ids = (Array.isArray(raw) ? raw : [raw])
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter((part) => /^\d+$/.test(part));
    return ids.length ? [...new Set(ids)] : undefined;
  })
  .catch(undefined);

/**
 * Address-bar state of /loyalty/$slug: the window (screen `loyalty`), filters, sort and cursor.
 * Unset status and test flag are the API's defaults: successful, live entries.
 */
export const ZLoyaltyTransactionsSearch = ZTimeWindowSearch.extend({
  cursor: zSearchCursor,
  sort: zSearchSort(LOYALTY_TRANSACTION_SORTS),
  status: zSearchEnumList(LOYALTY_TRANSACTION_STATUSES),
  kind: zSearchEnumList(LOYALTY_TRANSACTION_KINDS),
  isTest: zSearchBoolean,
  station: zSearchStationIds,
});
export type TLoyaltyTransactionsSearch = z.output<typeof ZLoyaltyTransactionsSearch>;

/** Address-bar state of /loyalty/$slug/settlements (screen `settlements`, 30 days by default). */
export const ZSettlementsSearch = ZTimeWindowSearch.extend({
  cursor: zSearchCursor,
  sort: zSearchSort(SETTLEMENT_SORTS),
  status: zSearchEnumList(SETTLEMENT_STATUSES),
  station: zSearchStationIds,
});
export type TSettlementsSearch = z.output<typeof ZSettlementsSearch>;

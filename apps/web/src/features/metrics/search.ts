import { FUELS, PAYMENT_MODES, SALES_COMPARISONS } from '@forecourt/contracts';
import { z } from 'zod';
import { zSearchEnumList } from '../../lib/search-params';
import { ZTimeWindowSearch } from '../time-window';

/** Overview, metrics, congestion and the command view: the window only. */
export const ZChartSearch = ZTimeWindowSearch;
export type TChartSearch = z.output<typeof ZChartSearch>;

/** /stations/$slug/sales: the window, the fuel and payment-mode filters and what to compare with. */
export const ZSalesSearch = ZTimeWindowSearch.extend({
  fuel: zSearchEnumList(FUELS),
  paymentMode: zSearchEnumList(PAYMENT_MODES),
  compare: z.enum(SALES_COMPARISONS).optional().catch(undefined),
});
export type TSalesSearch = z.output<typeof ZSalesSearch>;

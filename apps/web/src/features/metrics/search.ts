import { FUELS, PAYMENT_MODES } from '@forecourt/contracts';
import type { z } from 'zod';
import { zSearchEnumList } from '../../lib/search-params';
import { ZTimeWindowSearch } from '../time-window';

/** Overview, metrics, congestion and the command view: the window only. */
export const ZChartSearch = ZTimeWindowSearch;
export type TChartSearch = z.output<typeof ZChartSearch>;

/** /stations/$slug/sales: the window and the fuel and payment-mode filters. */
export const ZSalesSearch = ZTimeWindowSearch.extend({
  fuel: zSearchEnumList(FUELS),
  paymentMode: zSearchEnumList(PAYMENT_MODES),
});
export type TSalesSearch = z.output<typeof ZSalesSearch>;

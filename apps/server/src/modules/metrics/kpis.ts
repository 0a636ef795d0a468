import {
  FUELS,
  PAYMENT_MODES,
  type TFuel,
  type TFuelSales,
  type TPaymentMode,
  type TPaymentModeSales,
} from '@forecourt/contracts';
import type { SalesRow } from './sales.repository';

export type SalesSummary = {
  revenuePaise: number;
  transactions: number;
  averageTicketPaise: number | null;
  fuels: TFuelSales[];
  paymentMix: TPaymentModeSales[];
};

/** Revenue per transaction to the paisa; null without transactions. */
export const averageTicket = (amountPaise: number, transactions: number): number | null =>
  transactions > 0 ? Math.round(amountPaise / transactions) : null;

/** Sums rows grouped by fuel and/or payment mode into the KPI shape (busiest fuel, largest mode first). */
export function summarise(rows: readonly SalesRow[]): SalesSummary {
  const fuels = new Map<TFuel, TFuelSales>();
  const modes = new Map<TPaymentMode, { amountPaise: number; transactions: number }>();
  let revenuePaise = 0;
  let transactions = 0;
  for (const row of rows) {
    revenuePaise += row.amountPaise;
    transactions += row.transactions;
    if (row.fuel) {
      const fuel = fuels.get(row.fuel) ?? { fuel: row.fuel, quantity: 0, amountPaise: 0, transactions: 0 };
      fuel.quantity += row.quantityMilli;
      fuel.amountPaise += row.amountPaise;
      fuel.transactions += row.transactions;
      fuels.set(row.fuel, fuel);
    }
    if (row.mode) {
      const mode = modes.get(row.mode) ?? { amountPaise: 0, transactions: 0 };
      mode.amountPaise += row.amountPaise;
      mode.transactions += row.transactions;
      modes.set(row.mode, mode);
    }
  }
  const fuelOrder = (fuel: TFuel) => FUELS.indexOf(fuel);
  const modeOrder = (mode: TPaymentMode) => PAYMENT_MODES.indexOf(mode);
  return {
    revenuePaise,
    transactions,
    averageTicketPaise: averageTicket(revenuePaise, transactions),
    fuels: [...fuels.values()]
      .map((fuel) => ({ ...fuel, quantity: fuel.quantity / 1000 }))
      .sort((a, b) => b.amountPaise - a.amountPaise || fuelOrder(a.fuel) - fuelOrder(b.fuel)),
    paymentMix: [...modes.entries()]
      .map(([mode, totals]) => ({
        mode,
        ...totals,
        share: revenuePaise > 0 ? Math.max(0, Math.min(1, totals.amountPaise / revenuePaise)) : 0,
      }))
      .sort((a, b) => b.amountPaise - a.amountPaise || modeOrder(a.mode) - modeOrder(b.mode)),
  };
}

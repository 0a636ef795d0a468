import type {
  TFuel,
  TPaymentMode,
  TTransaction,
  TTransactionStatus,
  TVehicleClass,
} from '@forecourt/contracts';
import { isoTime as iso } from '../../lib/iso-time';
import type { TransactionRow } from './transactions.repository';

/**
 * A stored fill → its wire shape (quantities from milli-units to the fuel's unit). Enum columns are
 * only ever written from the contracts' enums, so they are cast, not re-parsed, on this hot path.
 */
export function presentTransaction(row: TransactionRow): TTransaction {
  return {
    id: row.id,
    stationId: row.stationId,
    dispenserId: row.dispenserId,
    nozzleId: row.nozzleId,
    fuel: row.fuel as TFuel,
    startDate: iso(row.startedAt),
    endDate: iso(row.endedAt),
    quantity: row.quantityMilli / 1000,
    unitPricePaise: row.unitPricePaise,
    amountPaise: row.amountPaise,
    paymentMode: row.paymentMode as TPaymentMode,
    status: row.status as TTransactionStatus,
    vehicleRegistration: row.vehicleRegistration,
    vehicleClass: row.vehicleClass as TVehicleClass,
    customerId: row.customerId,
    attendantId: row.attendantId,
  };
}

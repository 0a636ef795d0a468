import type {
  TChallanStatus,
  TCustomerKind,
  TPaymentMode,
  TPaymentStatus,
  TTransactionStatus,
  TVehicleClass,
} from '@forecourt/contracts';

/** How the operations enums read and look on screen (Mantine colour names). */
export const PAYMENT_MODE_LABELS: Record<TPaymentMode, string> = {
  upi: 'UPI',
  cash: 'Cash',
  card: 'Card',
  fleet_card: 'Fleet card',
  loyalty: 'Loyalty',
  credit: 'Credit',
};

export const PAYMENT_MODE_COLORS: Record<TPaymentMode, string> = {
  upi: 'violet',
  cash: 'green',
  card: 'blue',
  fleet_card: 'orange',
  loyalty: 'pink',
  credit: 'gray',
};

export const TRANSACTION_STATUS_LABELS: Record<TTransactionStatus, string> = {
  completed: 'Completed',
  unpaid: 'Unpaid (drive-off)',
  voided: 'Voided',
  refunded: 'Refunded',
};

export const TRANSACTION_STATUS_COLORS: Record<TTransactionStatus, string> = {
  completed: 'green',
  unpaid: 'red',
  voided: 'gray',
  refunded: 'yellow',
};

export const PAYMENT_STATUS_LABELS: Record<TPaymentStatus, string> = {
  success: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const PAYMENT_STATUS_COLORS: Record<TPaymentStatus, string> = {
  success: 'green',
  pending: 'yellow',
  failed: 'red',
  refunded: 'gray',
};

export const VEHICLE_CLASS_LABELS: Record<TVehicleClass, string> = {
  '2w': 'Two-wheeler',
  '3w': 'Three-wheeler',
  car: 'Car',
  lcv: 'Light commercial',
  truck: 'Truck',
  bus: 'Bus',
};

export const CHALLAN_STATUS_LABELS: Record<TChallanStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  in_court: 'In court',
  disposed: 'Disposed',
};

export const CHALLAN_STATUS_COLORS: Record<TChallanStatus, string> = {
  pending: 'red',
  paid: 'green',
  in_court: 'orange',
  disposed: 'gray',
};

export const CUSTOMER_KIND_LABELS: Record<TCustomerKind, string> = {
  individual: 'Individual',
  fleet: 'Fleet',
  business: 'Business',
};

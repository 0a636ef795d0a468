// Violation (no-foreign-repository): another module's repository.
import { findOrder } from '../orders/orders.repository';

export const invoiceFor = (id: number) => findOrder(id);

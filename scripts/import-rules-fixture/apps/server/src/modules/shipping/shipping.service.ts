// Violation (no-module-cycle): orders/orders.service.ts imports shipping, and shipping reaches orders
// through another file (module level, not file level).
import { ORDER_PREFIX } from '../orders/order-prefix';

export const shippingLabel = (id: number) => `${ORDER_PREFIX}${id}`;

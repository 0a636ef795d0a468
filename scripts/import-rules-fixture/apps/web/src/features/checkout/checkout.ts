// Allowed: the cart feature's entry.
import { cartTotal } from '../cart';
// Violation (no-feature-internals): a file inside the cart feature.
import { cartTotal as total } from '../cart/cart-total';

export const due = (prices: number[]) => cartTotal(prices) + total([]);

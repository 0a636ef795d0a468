export { cartTotal } from './cart-total';

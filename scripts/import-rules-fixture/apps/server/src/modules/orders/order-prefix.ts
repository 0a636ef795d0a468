export const ORDER_PREFIX = 'ORD-';

export const cartTotal = (prices: number[]) => prices.reduce((a, b) => a + b, 0);

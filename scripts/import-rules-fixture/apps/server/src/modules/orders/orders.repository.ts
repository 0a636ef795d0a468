export const findOrder = (id: number) => ({ id });

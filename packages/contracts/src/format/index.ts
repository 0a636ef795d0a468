/** Display formatting shared by the dashboard, the inbox and server-rendered text (en-IN, INR, IST). */
export * from './csv';
export * from './duration';
export * from './money';
export * from './number';
export * from './time';
export * from './units';

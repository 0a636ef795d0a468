export * from './enums';
export * from './trigger';
export * from './widget';
export * from './workflow';

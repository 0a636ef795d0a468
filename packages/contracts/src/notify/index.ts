export * from './enums';
export * from './integrations';
export * from './trigger';
export * from './widget';
export * from './workflow';

export * from './email-blocks';
export * from './enums';
export * from './inbox-api';
export * from './integrations';
export * from './tenants';
export * from './trigger';
export * from './widget';
export * from './workflow';

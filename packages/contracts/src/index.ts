export * from './enums';
export * from './errors';
export * from './list';
export * from './entities/station';

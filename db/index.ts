export * from './client';
export * from './tenant';
export * as schema from './schema';

// The whole Drizzle schema, one file per area; drizzle.config.ts and db/client.ts read it from here.
export * from './users';
export * from './jobs';
export * from './notifications';
export * from './consent';
export * from './payments';
export * from './system';
export * from './admin';
export * from './progress';
export * from './preferences';
export * from './routes';

export * from './tokens';
export * from './start-service';
export * from './health.controller';

export * from './event-bus';
export * from './retry-backoff';
export * from './transaction';
export * from './event-bus.migration';
export * from './event-bus-retention.migration';
export * from './migrations';
export * from './redrive-command';

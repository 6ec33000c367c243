export * from './event-bus';
export * from './event-bus.migration';

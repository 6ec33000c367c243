// class-validator and class-transformer decorators read design-time types through reflect-metadata.
import 'reflect-metadata';
export * from './services';
export * from './naming';
export * from './errors';
export * from './events';
export * from './health';
export * from './headers';
export * from './email';
export * from './validation';
export * from './users';
export * from './auth';
export * from './customers';
export * from './catalog';
export * from './money';
export * from './ordering';
export * from './notifications';
export * from './timeouts';

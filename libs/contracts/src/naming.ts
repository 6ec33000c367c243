import { ServiceName } from './services';

/**
 * Everything a stack creates on shared servers is prefixed by its namespace (BAKERY_NAMESPACE),
 * so two stacks (or two test files) can share one Postgres and one NATS without seeing each other.
 */
export const NAMESPACE_PATTERN = /^[a-z][a-z0-9_]{0,30}$/;

/** Request/reply subject on NATS for a message pattern such as `auth.health`. */
export function requestSubject(namespace: string, pattern: string): string {
  return `${namespace}.rpc.${pattern}`;
}

/** Subject a domain event is published on (JetStream). */
export function eventSubject(namespace: string, eventType: string): string {
  return `${namespace}.events.${eventType}`;
}

/** Subject of a broadcast (plain NATS, every subscriber gets it; used for pushes to every gateway). */
export function broadcastSubject(namespace: string, topic: string): string {
  return `${namespace}.broadcast.${topic}`;
}

/** JetStream stream holding every domain event of a namespace. */
export function eventStreamName(namespace: string): string {
  return `${namespace}_events`;
}

/** Durable consumer shared by all instances of one service for one event type. */
export function durableConsumerName(service: string, eventType: string): string {
  return `${service}__${eventType.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}

/** Queue group of a service: N instances share its requests. */
export function queueGroup(namespace: string, service: ServiceName | string): string {
  return `${namespace}.${service}`;
}

/** The database a service owns. */
export function databaseName(namespace: string, service: ServiceName | string): string {
  return `${namespace}_${service}`;
}

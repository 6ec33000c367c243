import { CreateEventBusTables1763700000000 } from './event-bus.migration';
import { EventBusRetentionAndDeadLetters1763700100000 } from './event-bus-retention.migration';

/**
 * The event bus's tables in a service's database (outbox, inbox, dead letters), oldest first. The
 * service kit runs them with each service's own migrations; a new one is added here, never by
 * editing one that has run.
 */
export const eventBusMigrations: Function[] = [CreateEventBusTables1763700000000, EventBusRetentionAndDeadLetters1763700100000];

import { nanos, RetentionPolicy, StorageType } from 'nats';
import { DUPLICATE_WINDOW_MS, eventStreamConfig } from './event-bus';

describe('eventStreamConfig', () => {
  it('keeps every event subject of the namespace, deduplicated by event id, on the asked number of servers', () => {
    expect(eventStreamConfig('shop', 3)).toEqual({
      name: 'shop_events',
      subjects: ['shop.events.>'],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(30 * 24 * 3600 * 1000),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      num_replicas: 3,
    });
    expect(eventStreamConfig('shop', 1).num_replicas).toBe(1);
  });
});

import { Equals, IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { ServiceName } from './services';
import { isUuid } from './validation';

/**
 * Events a service's consumer gave up on: after EVENT_MAX_DELIVERIES failed deliveries an event is
 * kept in the service's `event_dead_letters` table and acknowledged (terminated) on JetStream. An
 * admin sees them in the health view and re-drives them (`npm run events:redrive`).
 */

/** `<service>.events.deadLetters`: one page of the service's dead letters, newest first. */
export function deadLettersPattern(service: ServiceName | string): string {
  return `${service}.events.deadLetters`;
}

/** `<service>.events.redrive`: handles dead letters again (one by event id, or all of them). */
export function redrivePattern(service: ServiceName | string): string {
  return `${service}.events.redrive`;
}

export const DEAD_LETTERS_PAGE_DEFAULT = 20;
export const DEAD_LETTERS_PAGE_MAX = 100;

export class DeadLettersRequest {
  /** letters to skip (newest first); default 0 */
  @IsOptional()
  @Max(Number.MAX_SAFE_INTEGER)
  @Min(0)
  @IsInt()
  offset?: number;

  /** letters to answer, 1 to DEAD_LETTERS_PAGE_MAX; default DEAD_LETTERS_PAGE_DEFAULT */
  @IsOptional()
  @Max(DEAD_LETTERS_PAGE_MAX)
  @Min(1)
  @IsInt()
  limit?: number;
}

export interface DeadLetter {
  eventId: string;
  /** the event's type, e.g. order.placed */
  type: string;
  /** the JetStream subject it was delivered on */
  subject: string;
  /** the durable consumer that gave up on it: `<service>__<type>` */
  consumer: string;
  /** the service that published it */
  source: string;
  occurredAt: string;
  payload: unknown;
  /** failed deliveries (and failed re-drives) */
  attempts: number;
  lastError: string;
  firstFailedAt: string;
  lastFailedAt: string;
  /** when it was given up on and acknowledged */
  deadAt: string;
}

export interface DeadLettersPage {
  service: string;
  /** dead letters of the service in all */
  total: number;
  offset: number;
  limit: number;
  items: DeadLetter[];
  /** offset of the next page; null on the last one */
  nextOffset: number | null;
}

const NAME_ONE = 'Name one event id, or all: true';

/** Exactly one of the two. */
export class RedriveRequest {
  @ValidateBy({
    name: 'oneEventOrAll',
    validator: {
      validate: (eventId, args) => {
        const all = (args?.object as RedriveRequest).all;
        return eventId === undefined ? all === true : isUuid(eventId) && all === undefined;
      },
      defaultMessage: () => NAME_ONE,
    },
  })
  eventId?: string;

  @IsOptional()
  @Equals(true, { message: NAME_ONE })
  all?: boolean;
}

export interface RedriveResult {
  service: string;
  /** event ids handled now (their dead letters are gone) */
  redriven: string[];
  /** event ids the inbox says were handled already: their dead letters are gone, nothing ran */
  alreadyHandled: string[];
  /** dead letters whose handler failed again: they stay, with attempts and the last error updated */
  failed: { eventId: string; consumer: string; error: string }[];
}

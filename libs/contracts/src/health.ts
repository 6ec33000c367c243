import type { DeadLettersPage } from './dead-letters';
import { ServiceName } from './services';

/** `<service>.health`: every service answers it; the gateway's /api/health asks all five. */
export function healthPattern(service: ServiceName | string): string {
  return `${service}.health`;
}

export interface HealthReply {
  service: string;
  status: 'up';
  /** distinguishes instances of one service sharing a queue group */
  instanceId: string;
  uptimeSeconds: number;
  /** events this service's consumers gave up on (see ./dead-letters) */
  deadLetters: number;
}

export type ServiceStatus = 'up' | 'down';

export interface GatewayHealth {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceStatus>;
}

/** `GET /api/health` as an admin sees it: also each service's dead letters (null: it did not answer). */
export interface AdminGatewayHealth extends GatewayHealth {
  deadLetters: Record<ServiceName, number | null>;
}

/** `GET /api/health/:service?offset=&limit=` as an admin sees it: the instance, and a page of its dead letters. */
export interface AdminServiceHealth extends HealthReply {
  deadLetterPage: DeadLettersPage;
}

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
}

export type ServiceStatus = 'up' | 'down';

export interface GatewayHealth {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceStatus>;
}

/**
 * Imported first by main.ts: OpenTelemetry must patch http, pg and socket.io before
 * anything loads them. Off (and nothing of the SDK loaded) unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
 */
import { startTracingFromEnv } from '@bakery/platform/dist/tracing/setup';

startTracingFromEnv('gateway');

/**
 * W3C Trace Context's `traceparent` (https://www.w3.org/TR/trace-context/#traceparent-header):
 * `00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`. It travels in NATS request headers and in
 * an event's envelope, so a trace goes on across processes and through the outbox.
 */
export interface TraceParent {
  traceId: string;
  spanId: string;
  /** bit 0: sampled */
  traceFlags: number;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The parts of a well-formed traceparent, or null (a broken one starts a new trace instead). */
export function parseTraceparent(header: string | undefined | null): TraceParent | null {
  if (!header || header.length > 512) return null;
  const m = TRACEPARENT.exec(header.trim());
  if (!m) return null;
  const [, version, traceId, spanId, flags, rest] = m;
  // version ff is forbidden; version 00 has nothing after the flags (later versions may)
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return null;
  return { traceId, spanId, traceFlags: parseInt(flags, 16) };
}

export function formatTraceparent(parent: TraceParent): string {
  return `00-${parent.traceId}-${parent.spanId}-${(parent.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

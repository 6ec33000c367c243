import type { NatsConnection } from 'nats';

/** What of nats.js 2.x's protocol handler this touches (checked before it is touched). */
interface ProtocolInternals {
  outbound: { length(): number; size(): number; fill(...buffers: Uint8Array[]): void };
  pendingLimit: number;
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
  flushPending(): void;
}

// taken at load: a test's fake timers must not hold the connection's writes back
const endOfTurn = setImmediate;
const encoder = new TextEncoder();

/**
 * nats.js writes to the socket what was queued within one microtask, so under load every request,
 * reply and publish is a write syscall of its own, and on loopback TCP the kernel's delivery is
 * charged to the writer: a quarter of the gateway's busy time in cart adds. This makes one write of
 * everything sent during the event loop's current turn (the flush at `setImmediate`, after the
 * turn's I/O callbacks), which costs a message well under a millisecond. Past nats.js's pending
 * limit it flushes at once, as nats.js does. Answers false, changing nothing, if the connection is
 * not the nats.js 2.x shape it knows.
 */
export function coalesceWrites(nc: NatsConnection): boolean {
  const protocol = (nc as unknown as { protocol?: Partial<ProtocolInternals> }).protocol;
  if (
    !protocol ||
    typeof protocol.sendCommand !== 'function' ||
    typeof protocol.flushPending !== 'function' ||
    typeof protocol.pendingLimit !== 'number' ||
    typeof protocol.outbound?.fill !== 'function' ||
    typeof protocol.outbound.length !== 'function' ||
    typeof protocol.outbound.size !== 'function'
  ) {
    return false;
  }
  const handler = protocol as ProtocolInternals;
  handler.sendCommand = function sendCommand(cmd, ...payloads) {
    const wasEmpty = this.outbound.length() === 0;
    this.outbound.fill(typeof cmd === 'string' ? encoder.encode(cmd) : cmd, ...payloads);
    if (wasEmpty) endOfTurn(() => this.flushPending());
    else if (this.outbound.size() >= this.pendingLimit) this.flushPending();
  };
  return true;
}

import { randomUUID } from 'node:crypto';
import { AppError, CORRELATION_HEADER, ErrorCode, isErrorPayload, requestSubject, rpcTimeoutFor } from '@bakery/contracts';
import { headers as natsHeaders, NatsConnection } from 'nats';
import { currentCorrelationId } from '../logging/correlation';

/** What Nest's NATS transport answers: `{ response }` on success, `{ err }` on failure. */
interface ReplyPacket {
  id?: string;
  response?: unknown;
  err?: unknown;
}

export interface RequestOptions {
  timeoutMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Request/reply to a service over NATS, in the wire format of Nest's NATS transport.
 * It uses the client's multiplexed inbox (no subscription per request), passes the correlation id
 * on, waits as long as the pattern's budget allows (`RPC_TIMEOUT_FACTORS`), and turns "nobody
 * listening" and "no answer in time" into 503 errors.
 */
export class RpcClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly namespace: string,
    private readonly defaultTimeoutMs: number,
  ) {}

  async request<TResponse>(pattern: string, data: unknown, options: RequestOptions = {}): Promise<TResponse> {
    const id = randomUUID();
    const h = natsHeaders();
    h.set(CORRELATION_HEADER, currentCorrelationId() ?? id);
    let raw: Uint8Array;
    try {
      const msg = await this.nc.request(
        requestSubject(this.namespace, pattern),
        encoder.encode(JSON.stringify({ pattern, data, id })),
        { timeout: options.timeoutMs ?? rpcTimeoutFor(pattern, this.defaultTimeoutMs), headers: h },
      );
      raw = msg.data;
    } catch {
      // No responders, no answer in time, or the connection is reconnecting: the caller may retry.
      throw AppError.unavailable(`The ${pattern.split('.')[0]} service`);
    }
    const reply = JSON.parse(decoder.decode(raw)) as ReplyPacket;
    if (reply.err !== undefined && reply.err !== null) {
      if (isErrorPayload(reply.err)) throw AppError.fromPayload(reply.err);
      throw new AppError(ErrorCode.Internal, 'Internal error');
    }
    return reply.response as TResponse;
  }
}

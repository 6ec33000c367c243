import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@bakery/contracts';
import { uniqueNamespace } from '@bakery/testing';
import { NatsConnection } from 'nats';
import {
  connectNats,
  CorrelationInterceptor,
  createLogger,
  currentCorrelationId,
  Metrics,
  NamespacedNatsServer,
  parseExposition,
  RpcClient,
  RpcErrorFilter,
  runWithCorrelation,
  sampleValue,
} from '../src';

@Controller()
class EchoController {
  @MessagePattern('echo.correlation')
  correlation() {
    return { correlationId: currentCorrelationId() };
  }

  @MessagePattern('echo.fail')
  fail(@Payload() data: { id: string }) {
    throw AppError.notFound(`Nothing with id ${data.id}`);
  }

  @MessagePattern('echo.crash')
  crash() {
    throw new Error('connection to 10.0.0.5 refused: SELECT secret FROM t');
  }

  @MessagePattern('echo.huge')
  huge() {
    return 'x'.repeat(2 * 1024 * 1024); // twice a NATS server's default max_payload
  }

  @MessagePattern('echo.slow')
  async slow() {
    await new Promise((r) => setTimeout(r, 1000));
    return 'late';
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const SETTLED_MS = 10_000;
const TIMEOUT_MS = 300; // shorter than echo.slow's 1 s

describe('RPC over NATS (NamespacedNatsServer + RpcClient)', () => {
  const namespace = uniqueNamespace();
  let app: INestMicroservice;
  let nc: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    app = await NestFactory.createMicroservice(EchoModule, {
      strategy: new NamespacedNatsServer({ servers: process.env.NATS_URL!, namespace, queue: `${namespace}.echo`, name: 'echo' }),
      logger: false,
    });
    app.useGlobalInterceptors(new CorrelationInterceptor());
    app.useGlobalFilters(new RpcErrorFilter(createLogger('echo', 'silent')));
    await app.listen();
    nc = await connectNats(process.env.NATS_URL!, 'echo-client');
    // a generous default: a busy CI machine once took over 300 ms to answer a plain request; the
    // tests about timing out pass their own short timeout
    rpc = new RpcClient(nc, namespace, SETTLED_MS);
  });

  afterAll(async () => {
    await app?.close();
    await nc?.close();
  });

  it('passes the caller’s correlation id on to the handler', async () => {
    const reply = await runWithCorrelation('order-flow-7', () => rpc.request<{ correlationId: string }>('echo.correlation', {}));
    expect(reply).toEqual({ correlationId: 'order-flow-7' });
  });

  it('brings a domain error back as the same AppError', async () => {
    await expect(rpc.request('echo.fail', { id: 'p1' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Nothing with id p1',
      status: 404,
    });
  });

  it('brings an unexpected error back as a bare internal error', async () => {
    const err = await rpc.request('echo.crash', {}).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toPayload()).toEqual({ code: 'INTERNAL', message: 'Internal error' });
  });

  it('answers an internal error for a reply too large to send, and goes on serving', async () => {
    const err = await rpc.request('echo.huge', {}).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toPayload()).toEqual({ code: 'INTERNAL', message: 'Internal error' });
    const reply = await runWithCorrelation('after-huge', () => rpc.request<{ correlationId: string }>('echo.correlation', {}));
    expect(reply).toEqual({ correlationId: 'after-huge' });
  });

  it('answers 503 when the handler does not answer in time', async () => {
    await expect(rpc.request('echo.slow', {}, { timeoutMs: TIMEOUT_MS })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
  });

  it('answers 503 at once when nobody listens on the subject', async () => {
    // NATS says "no responders" at once; were it waited out, this request would outlive the test's
    // own timeout and fail it (no stopwatch needed).
    await expect(rpc.request('nobody.home', {}, { timeoutMs: 10 * 60_000 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('counts the caller’s requests by pattern and outcome, telling a timeout from nobody listening', async () => {
    const metrics = new Metrics('client', true);
    const counted = new RpcClient(nc, namespace, SETTLED_MS, { metrics, component: 'client' });
    await counted.request('echo.correlation', {});
    await counted.request('echo.fail', { id: 'p1' }).catch(() => undefined);
    await counted.request('echo.slow', {}, { timeoutMs: TIMEOUT_MS }).catch(() => undefined);
    await counted.request('nobody.home', {}).catch(() => undefined);
    const samples = parseExposition(await metrics.text());
    const count = (pattern: string, outcome: string) => sampleValue(samples, 'bakery_nats_requests_total', { pattern, outcome });
    expect(count('echo.correlation', 'ok')).toBe(1);
    expect(count('echo.fail', 'NOT_FOUND')).toBe(1);
    expect(count('echo.slow', 'TIMEOUT')).toBe(1);
    expect(count('nobody.home', 'NO_RESPONDERS')).toBe(1);
    expect(sampleValue(samples, 'bakery_nats_request_duration_seconds_count')).toBe(4);
    // the timed-out request is timed to its 300 ms timeout (the NATS client's timer and the clock
    // that measures it differ by a fraction of a millisecond, hence not exactly >= 0.3)
    expect(sampleValue(samples, 'bakery_nats_request_duration_seconds_sum', { pattern: 'echo.slow' })).toBeGreaterThan(0.29);
  });

  it('keeps stacks in different namespaces apart', async () => {
    const other = new RpcClient(nc, uniqueNamespace(), SETTLED_MS);
    await expect(other.request('echo.correlation', {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

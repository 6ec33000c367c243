import { ChildProcess, spawn } from 'node:child_process';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { freePort, uniqueNamespace } from '@bakery/testing';
import { NatsConnection } from 'nats';
import { connectNats, NamespacedNatsServer, RpcClient } from '../src';

/**
 * A service started while NATS is still coming up (after a restart of the machine's NATS, or a slow
 * boot) must wait for it. Without `waitOnFirstConnect` the nats client gives up on the first refused
 * connection and the service's start fails: the fault suite saw ordering exit that way.
 */

@Controller()
class PingController {
  @MessagePattern('ping')
  ping() {
    return 'pong';
  }
}

@Module({ controllers: [PingController] })
class PingModule {}

/** Starts a nats-server of its own on `port` after `delayMs`, so the first connects are refused. */
function natsServerLater(port: number, delayMs: number): { stop: () => void; started: Promise<void> } {
  let child: ChildProcess | undefined;
  const started = new Promise<void>((resolve) => {
    setTimeout(() => {
      child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      resolve();
    }, delayMs);
  });
  return { started, stop: () => child?.kill('SIGKILL') };
}

describe('NATS connections made before the server is up', () => {
  const closers: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('connectNats waits for the server instead of failing', async () => {
    const port = await freePort();
    const server = natsServerLater(port, 700);
    closers.push(server.stop);
    const connecting = connectNats(`nats://127.0.0.1:${port}`, 'early-client');
    await server.started;
    const nc: NatsConnection = await connecting;
    closers.push(() => nc.close());
    expect(nc.getServer()).toBe(`127.0.0.1:${port}`);
    // and the connection works: a round trip through the server
    await nc.flush();
    expect(nc.isClosed()).toBe(false);
  }, 20_000);

  it('a service (NamespacedNatsServer) listening before the server is up answers once it is', async () => {
    const port = await freePort();
    const url = `nats://127.0.0.1:${port}`;
    const namespace = uniqueNamespace();
    const server = natsServerLater(port, 700);
    closers.push(server.stop);
    const app: INestMicroservice = await NestFactory.createMicroservice(PingModule, {
      strategy: new NamespacedNatsServer({ servers: url, namespace, queue: `${namespace}.ping`, name: 'ping' }),
      logger: false,
    });
    closers.push(() => app.close());
    await app.listen();
    const nc = await connectNats(url, 'ping-client');
    closers.push(() => nc.close());
    const rpc = new RpcClient(nc, namespace, 10_000);
    await expect(rpc.request('ping', {})).resolves.toBe('pong');
  }, 20_000);
});

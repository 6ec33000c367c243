#!/usr/bin/env node
/**
 * Nest's own floor: a Nest 11 application with one controller answering the same precomputed
 * product list as bare.js, and nothing else (no middleware, guard, pipe or interceptor), on the
 * HTTP adapter ADAPTER names: `express` (what the gateway runs on) or `fastify`. What the gateway
 * could reach on each adapter if all of its own work cost nothing (issue 22's Fastify question).
 *
 *   ADAPTER=fastify PORT=3203 BODY_FILE=/tmp/products.json node bench/baseline/nest-floor.js
 */
require('reflect-metadata');
const fs = require('node:fs');
const { Controller, Get, Module, Res } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

const body = fs.readFileSync(process.env.BODY_FILE);

class ProductsController {
  // as the gateway's catalogue read: the cached bytes sent on the adapter's own response (Express's
  // res and Fastify's reply both have type() and send())
  list(res) {
    res.type('application/json; charset=utf-8').send(body);
  }
}
Controller('api')(ProductsController);
const list = Object.getOwnPropertyDescriptor(ProductsController.prototype, 'list');
Get('products')(ProductsController.prototype, 'list', list);
Res()(ProductsController.prototype, 'list', 0);

class FloorModule {}
Module({ controllers: [ProductsController] })(FloorModule);

async function adapter(name) {
  if (name === 'express') return new (require('@nestjs/platform-express').ExpressAdapter)();
  if (name === 'fastify') return new (require('@nestjs/platform-fastify').FastifyAdapter)();
  throw new Error(`ADAPTER must be express or fastify, not ${name}`);
}

(async () => {
  const name = process.env.ADAPTER ?? 'express';
  const app = await NestFactory.create(FloorModule, await adapter(name), { logger: false, bodyParser: false });
  // as the gateway: Express would otherwise hash every body (SHA-1) for an ETag
  if (name === 'express') app.getHttpAdapter().getInstance().set('etag', false);
  await app.listen(Number(process.env.PORT ?? 3203), '127.0.0.1');
  process.send?.('ready');
})();
// exit (not die) on a signal, so that `node --cpu-prof` writes its profile
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));

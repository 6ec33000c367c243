#!/usr/bin/env node
/**
 * Ceiling: a bare Node HTTP server answering a precomputed JSON body (the product list, fetched
 * once at start). No Node endpoint on this machine can beat it.
 *
 *   PORT=3202 BODY_FILE=/tmp/products.json node bench/baseline/bare.js
 */
const fs = require('node:fs');
const http = require('node:http');

const body = fs.readFileSync(process.env.BODY_FILE);
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT ?? 3202), '127.0.0.1', () => process.send?.('ready'));

#!/usr/bin/env node
/**
 * Baseline: what a monolith would do for GET /api/products: one Node process, a pg pool, the same
 * query on the same catalog database for every request, rows turned into the same JSON shape.
 * (No sign-in check and no cache: it only has to be a fair floor for the gateway's figure.)
 *
 *   PORT=3201 CATALOG_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bakery_catalog node bench/baseline/monolith.js
 */
const http = require('node:http');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.CATALOG_DATABASE_URL, max: 10 });
const QUERY = `
  SELECT id, name, description, price::text AS price, category, image_url AS "imageUrl", stock,
         low_stock_threshold AS "lowStockThreshold", is_active AS "isActive"
    FROM products WHERE is_active AND review_status = 'approved' ORDER BY category, name`;

http
  .createServer(async (req, res) => {
    if (req.url !== '/api/products') {
      res.writeHead(404).end();
      return;
    }
    try {
      const { rows } = await pool.query(QUERY);
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch {
      res.writeHead(500).end();
    }
  })
  .listen(Number(process.env.PORT ?? 3201), '127.0.0.1', () => process.send?.('ready'));

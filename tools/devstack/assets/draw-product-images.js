// Draws the seed catalogue's product pictures (run once; the PNGs are committed next to this file):
//   node tools/devstack/assets/draw-product-images.js
// Simple shaded illustrations: loaves, croissants and bagels in each product's own colours.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const W = 480;
const H = 360;

function png(width, height, rgb) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/** shape(x, y) → null outside, else { t: 0..1 depth for shading, score: bool } */
const shapes = {
  loaf: (x, y) => {
    const dx = (x - W / 2) / 170;
    const dy = (y - H / 2 - 10) / 95;
    const d = dx * dx + dy * dy;
    if (d > 1) return null;
    const score = dy < 0.2 && [-0.45, 0, 0.45].some((c) => Math.abs(dx - c - dy * 0.35) < 0.035);
    return { t: d, score };
  },
  croissant: (x, y) => {
    // an arch: a wide ellipse with a lower one taken out, banded like rolled dough
    const ox = (x - W / 2) / 200;
    const oy = (y - H / 2 - 50) / 140;
    const ix = (x - W / 2) / 140;
    const iy = (y - H / 2 - 95) / 95;
    const outer = ox * ox + oy * oy;
    if (outer > 1 || ix * ix + iy * iy < 1 || y > H / 2 + 75) return null;
    const angle = Math.atan2(y - H / 2 - 95, x - W / 2);
    const score = Math.abs(Math.sin(angle * 7)) < 0.09;
    return { t: Math.min(1, outer * 1.1), score };
  },
  bagel: (x, y) => {
    const r = Math.hypot(x - W / 2, (y - H / 2) * 1.25) / 150;
    if (r > 1 || r < 0.38) return null;
    const ring = Math.abs(r - 0.69) / 0.31;
    const score = ((x * 7 + y * 13) % 53 === 0);
    return { t: ring * ring, score };
  },
};

function draw(shape, crust, background) {
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let c = mix(background, [255, 250, 240], y / H);
      const shadow = shapes[shape](x - 12, y - 16);
      if (shadow) c = mix(c, [60, 40, 20], 0.25);
      const hit = shapes[shape](x, y);
      if (hit) {
        c = mix(mix(crust, [255, 235, 200], 0.35), crust, Math.sqrt(hit.t));
        const light = Math.max(0, 1 - Math.hypot(x - W / 2 + 60, y - H / 2 + 50) / 260);
        c = mix(c, [255, 245, 225], light * 0.35);
        if (hit.score) c = mix(c, [255, 240, 210], 0.7);
      }
      rgb.set(c, (y * W + x) * 3);
    }
  }
  return png(W, H, rgb);
}

const products = require('./catalogue.json');
for (const p of products) {
  fs.writeFileSync(path.join(__dirname, 'products', `${p.image}.png`), draw(p.shape, p.crust, p.background));
}
console.log(`drew ${products.length} pictures`);

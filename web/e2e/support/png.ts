import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

type Rgb = [number, number, number];

/**
 * A small PNG "photo" of a bake: a golden loaf (an ellipse with a few scores) on a tinted board,
 * so the catalogue screenshots show real images that went through the upload flow.
 */
export function bakePng(crust: Rgb, board: Rgb, width = 320, height = 240): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const cx = width / 2;
  const cy = height / 2;
  const rx = width * 0.36;
  const ry = height * 0.3;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const d = dx * dx + dy * dy;
      let rgb: Rgb;
      if (d <= 1) {
        const shade = 1.1 - 0.35 * d - 0.25 * dy;
        const score = Math.abs(((x - cx) * 0.6 + (y - cy)) % 48) < 3 && d < 0.7;
        rgb = crust.map((v) => Math.max(0, Math.min(255, Math.round(v * (score ? 0.7 : shade))))) as Rgb;
      } else {
        const grain = ((x * 7 + y * 13) % 17) - 8;
        const light = 1 - (y / height) * 0.15;
        rgb = board.map((v) => Math.max(0, Math.min(255, Math.round(v * light + grain)))) as Rgb;
      }
      raw.set(rgb, row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

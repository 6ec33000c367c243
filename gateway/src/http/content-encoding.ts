/**
 * The encodings the web build writes beside its files (web/scripts/compress.mjs), best first, with
 * the suffix of each pre-compressed file.
 */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type Precompressed = (typeof PRECOMPRESSED)[number];

/** `gzip;q=0.8` → ['gzip', 0.8]; a missing or broken q counts as 1, as browsers send it. */
function parseCoding(part: string): [string, number] | null {
  const [name, ...params] = part.split(';').map((s) => s.trim());
  if (!name) return null;
  let q = 1;
  for (const param of params) {
    const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
    if (match) q = Math.min(1, Math.max(0, Number(match[1]) || 0));
  }
  // x-gzip is gzip's old name (RFC 9110 section 8.4.1.3)
  const coding = name.toLowerCase();
  return [coding === 'x-gzip' ? 'gzip' : coding, q];
}

/**
 * Which pre-compressed variant to send for an Accept-Encoding header (RFC 9110 section 12.5.3), or
 * null for the plain file: no header, nothing acceptable, or the client prefers identity. q=0
 * refuses a coding, `*` stands for every coding not named, and at equal q the smaller brotli wins.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Precompressed[] = PRECOMPRESSED,
): Precompressed | null {
  // without the header a client may take anything, but an old proxy may not: plain is always safe
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const parsed = parseCoding(part);
    if (parsed) weights.set(parsed[0], parsed[1]);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*');
  let best: Precompressed | null = null;
  let bestQ = 0;
  for (const variant of available) {
    const q = weight(variant.encoding) ?? 0;
    if (q > bestQ) {
      best = variant;
      bestQ = q;
    }
  }
  // a client that names identity with a higher q than any coding prefers the plain file
  return best && bestQ >= (weights.get('identity') ?? 0) ? best : null;
}

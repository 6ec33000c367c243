import bytes from 'bytes';
import * as path from 'node:path';
import { commonConfig, ConfigOf, envVar } from '@bakery/platform';
import { parseAllowedOrigins } from './http/request-origin';

/** Only for running on a developer's machine: production refuses to start without JWT_SECRET. */
const DEVELOPMENT_JWT_SECRET = 'dev-only-insecure-jwt-secret-do-not-deploy';

export const gatewayConfig = {
  ...commonConfig,
  port: envVar.int('PORT', 'HTTP port of the gateway (API, socket.io and web app)', 3000, 0, 65535),
  // Prometheus (issue 21): GET /metrics on PORT with the bearer token (the services have METRICS_PORT)
  metricsToken: envVar.parsed<string | undefined>(
    'METRICS_TOKEN',
    'bearer token that GET /metrics on the HTTP port asks for (at least 16 characters); unset: /metrics is a 404',
    '',
    (v) => {
      if (v === '') return undefined;
      if (v.length < 16 || /\s/.test(v)) throw new Error('expected at least 16 characters without spaces');
      return v;
    },
  ),
  host: envVar.string('HOST', 'interface the gateway listens on', '0.0.0.0'),
  healthTimeoutMs: envVar.int('HEALTH_TIMEOUT_MS', 'how long /api/health waits for each service', 2000, 100, 30000),
  /** in bytes */
  bodyLimit: envVar.parsed<number>('BODY_LIMIT', 'largest JSON request body accepted (e.g. 100kb, 1mb)', '100kb', (v) => {
    const limit = bytes.parse(v);
    if (limit === null || !Number.isSafeInteger(limit) || limit <= 0) throw new Error('expected a size such as 100kb or 1mb');
    return limit;
  }),
  webDist: envVar.string(
    'WEB_DIST_DIR',
    'folder of the built web app served at /',
    path.resolve(__dirname, '..', '..', 'web', 'dist'),
  ),
  jwtSecret: envVar.secret(
    'JWT_SECRET',
    'signs the session cookie (at least 32 characters); required when NODE_ENV=production',
    DEVELOPMENT_JWT_SECRET,
    32,
  ),
  jwtSecretPrevious: envVar.optional(
    'JWT_SECRET_PREVIOUS',
    'the JWT_SECRET before a rotation: cookies signed with it are still accepted until they expire (at least 32 characters); unset: only JWT_SECRET',
  ),
  cookieSecure: envVar.oneOf(
    'COOKIE_SECURE',
    'Secure flag of the session cookie: auto = when the request came over HTTPS',
    'auto',
    ['auto', 'always', 'never'] as const,
  ),
  serverRendering: envVar.oneOf(
    'SERVER_RENDERING',
    'on: a page load of the cart or the catalogue with a session, and a visitor\'s landing page, get the page rendered into index.html (web/src/ssr); off: always the plain index.html',
    'on',
    ['on', 'off'] as const,
  ),
  trustProxy: envVar.oneOf(
    'TRUST_PROXY',
    'trust X-Forwarded-* from a reverse proxy (client address, HTTPS)',
    'false',
    ['true', 'false'] as const,
  ),
  allowedOrigins: envVar.parsed(
    'ALLOWED_ORIGINS',
    'other origins (comma-separated scheme://host[:port]) whose pages may send state-changing requests and open sockets; the app\'s own origin always may',
    '',
    parseAllowedOrigins,
  ),
  sessionCheckTtlMs: envVar.int(
    'SESSION_CHECK_TTL_MS',
    'how long a gateway trusts a session it checked with auth before asking again (revocations arrive at once anyway)',
    60_000,
    0,
    3_600_000,
  ),
  // Photo uploads and object storage (gateway/src/uploads); checked together in uploads/upload-settings.ts.
  objectStorageDriver: envVar.oneOf(
    'OBJECT_STORAGE_DRIVER',
    'where uploaded photos are kept: local (a directory) or s3 (an S3-compatible bucket)',
    'local',
    ['local', 's3'] as const,
  ),
  objectStorageDir: envVar.string(
    'OBJECT_STORAGE_DIR',
    'directory of the local storage driver, relative to the working directory unless absolute',
    './data/objects',
  ),
  s3Endpoint: envVar.optional('S3_ENDPOINT', 'S3-compatible endpoint, e.g. http://minio:9000; required with OBJECT_STORAGE_DRIVER=s3'),
  s3Bucket: envVar.optional('S3_BUCKET', 'bucket of the s3 storage driver; required with OBJECT_STORAGE_DRIVER=s3'),
  s3Region: envVar.string('S3_REGION', 'region of the s3 storage driver', 'us-east-1'),
  s3AccessKeyId: envVar.optional('S3_ACCESS_KEY_ID', 'access key of the s3 storage driver (with S3_SECRET_ACCESS_KEY)'),
  s3SecretAccessKey: envVar.optional('S3_SECRET_ACCESS_KEY', 'secret key of the s3 storage driver (with S3_ACCESS_KEY_ID)'),
  uploadUrlTtlSeconds: envVar.int('UPLOAD_URL_TTL_SECONDS', 'how long an upload URL stays valid', 900, 1, 604_800),
  uploadMaxBytes: envVar.int('UPLOAD_MAX_BYTES', 'largest photo accepted, in bytes (beyond: 413)', 10_485_760, 1, 1_073_741_824),
  uploadMaxPixels: envVar.int(
    'UPLOAD_MAX_PIXELS',
    'largest photo accepted, in pixels (width x height; beyond: 413): decoded images past it are refused, so a small file cannot expand into gigabytes',
    50_000_000,
    1,
    268_402_689,
  ),
  uploadSweepIntervalSeconds: envVar.int(
    'UPLOAD_SWEEP_INTERVAL_SECONDS',
    'how often each gateway deletes uploads never registered, once their upload URL has expired (plus a minute of grace)',
    300,
    1,
    86_400,
  ),
  uploadSigningSecret: envVar.optional(
    'UPLOAD_SIGNING_SECRET',
    'signs local upload URLs (at least 32 characters); unset: a key derived from JWT_SECRET',
  ),
};
export type GatewayConfig = ConfigOf<typeof gatewayConfig>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_REMEMBERED_HOSTS, securityHeaders } from './security-headers';

/** The CSP answered for a request carrying `host` as its Host header. */
function cspFor(port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
      res.resume();
      resolve(String(res.headers['content-security-policy']));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('securityHeaders: helmet with a CSP naming the page’s own websocket origin', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onRequest', securityHeaders());
    app.get('/', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const connectSrc = (csp: string) => /connect-src ([^;]+)/.exec(csp)![1].trim();

  it('names each host’s own ws: and wss: origins, the same on a repeat', async () => {
    const first = await cspFor(port, 'bakery.example:8443');
    expect(connectSrc(first)).toBe("'self' ws://bakery.example:8443 wss://bakery.example:8443");
    expect(connectSrc(await cspFor(port, 'localhost:3000'))).toBe("'self' ws://localhost:3000 wss://localhost:3000");
    expect(await cspFor(port, 'bakery.example:8443')).toBe(first);
    expect(first).toContain("default-src 'self'");
    expect(first).toContain("frame-ancestors 'none'");
  });

  it('names no websocket origin for an odd Host header', async () => {
    expect(connectSrc(await cspFor(port, 'evil.example/x y'))).toBe("'self'");
  });

  it(`answers hosts past the ${MAX_REMEMBERED_HOSTS} it remembers with the same policy`, async () => {
    for (let i = 0; i < MAX_REMEMBERED_HOSTS + 3; i++) {
      expect(connectSrc(await cspFor(port, `h${i}.example`))).toBe(`'self' ws://h${i}.example wss://h${i}.example`);
    }
  });
});

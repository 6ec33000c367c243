import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { RequestHook } from './http-pipeline';

type Headers = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
/** The host a request was made to, as the gateway reads it (Fastify's, honouring TRUST_PROXY), for the CSP built per request. */
const HOST = Symbol('host');

const HOST_HEADER = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** A gateway answers under a few names (its host name, an address, localhost); past this many, see securityHeaders. */
export const MAX_REMEMBERED_HOSTS = 32;

/** `ws://host wss://host` of the host the page was loaded from (nothing if the Host header is odd). */
export function ownWebSocketOrigins(host: string | undefined): string[] {
  return host && HOST_HEADER.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

/** helmet's headers, with a CSP whose connect-src is `connectSrc` (the page's own socket.io endpoint). */
function helmetWith(connectSrc: (string | ((req: IncomingMessage) => string))[]): Headers {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // the app's own socket.io endpoint, not any websocket anywhere
        connectSrc: ["'self'", ...connectSrc],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // served over plain http on localhost too; TLS is the reverse proxy's job
        upgradeInsecureRequests: null,
      },
    },
    // sent by strictTransportSecurity, over HTTPS only
    strictTransportSecurity: false,
  }) as Headers;
}

/**
 * helmet's security headers and CSP. The CSP names the host the page came from, so it differs by
 * Host header; helmet would rebuild and re-check it on every request (a function in a directive),
 * a twentieth of a cached catalogue read's CPU. Each host seen gets its own helmet instead, whose
 * header string is made once. Hosts past MAX_REMEMBERED_HOSTS (someone sending made-up Host
 * headers) get it built per request, as before.
 */
export function securityHeaders(): RequestHook {
  const byHost = new Map<string, Headers>();
  const perRequest = helmetWith([(req) => ownWebSocketOrigins((req as IncomingMessage & { [HOST]?: string })[HOST]).join(' ')]);
  return (req, reply, done) => {
    const host = req.host ?? '';
    let headers = byHost.get(host);
    if (!headers) {
      if (byHost.size >= MAX_REMEMBERED_HOSTS) {
        (req.raw as IncomingMessage & { [HOST]?: string })[HOST] = host;
        return perRequest(req.raw, reply.raw, done as (err?: unknown) => void);
      }
      headers = helmetWith(ownWebSocketOrigins(host));
      byHost.set(host, headers);
    }
    headers(req.raw, reply.raw, done as (err?: unknown) => void);
  };
}

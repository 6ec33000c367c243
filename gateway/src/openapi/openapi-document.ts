import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_PATTERN, SERVICE_NAMES } from '@bakery/contracts';
import { type Access, ACCESS_KEY } from '../auth/access';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { DOCS_FILES } from './docs-page';
import { date, type JsonSchema, ref, string, uuid } from './json-schema';
import { HEADERS, type OperationDoc, OPERATIONS } from './operations';
import { queryParameters, requestSchemas } from './request-schemas';
import { RESPONSE_SCHEMAS } from './response-schemas';

/**
 * The OpenAPI 3.1 document of the gateway: @nestjs/swagger reads the routes from the controllers
 * (paths, methods, path and header parameters, which class a body is); then each operation gets
 * - its access level, from the same @Public/@SignedIn/@AdminOnly/@CustomerOnly metadata the
 *   access guard enforces: `x-access` and the session cookie as its security requirement;
 * - its query parameters and body schema from the contracts' class-validator classes
 *   (request-schemas.ts);
 * - its summary, success answer and particular errors from the central table (operations.ts),
 *   and the errors every route of its kind answers (validation, sign-in, role, unknown id).
 */
export type OpenApiDocument = JsonSchema;

export const OPENAPI_VERSION = '3.1.0';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** The errors of a route, by what the route is: its access, its method, what it reads. */
function commonErrors(key: string, access: Access | undefined, op: JsonSchema): Record<number, string> {
  const [method, path] = key.split(' ');
  const errors: Record<number, string> = {};
  const params = (op.parameters ?? []) as JsonSchema[];
  if (op.requestBody || params.some((p) => p.in === 'query' || p.in === 'header' || (p.in === 'path' && p.name === 'date'))) {
    errors[400] = 'the request is not valid: `errors` names each wrong field with its messages';
  }
  if (access && access !== 'public') errors[401] = 'not signed in, or the session has ended';
  const forbidden: string[] = [];
  if (access === 'admin' || access === 'customer') forbidden.push(`signed in, but not as ${access === 'admin' ? 'an administrator' : 'a customer'}`);
  if (method !== 'GET') forbidden.push('sent by a page of another origin');
  if (forbidden.length > 0) errors[403] = forbidden.join('; or ');
  if (/\/:(id|file)\b/.test(path)) errors[404] = 'nothing with this id (or not the caller’s)';
  if (method !== 'GET') {
    errors[413] = 'the body is too large';
    errors[415] = 'the body is not JSON';
  }
  return errors;
}

/** Path parameters: what each name means, wherever it appears. */
const PATH_PARAMETERS: Record<string, { schema: JsonSchema; description: string }> = {
  id: { schema: uuid(), description: 'the id (anything but a uuid names nothing: 404)' },
  date: { schema: date(), description: 'a delivery date, YYYY-MM-DD' },
  service: { schema: string({ enum: [...SERVICE_NAMES] }), description: 'a service' },
  file: { schema: string({ enum: Object.keys(DOCS_FILES) }), description: 'a file of the reference page' },
};

const HEADER_PARAMETERS: Record<string, { schema: JsonSchema; description: string }> = {
  'idempotency-key': {
    schema: string({ pattern: IDEMPOTENCY_KEY_PATTERN.source }),
    description: 'a key of the client’s choosing: a retry with the same key answers the same order instead of placing another',
  },
};

interface Handler {
  metatype: Function;
  methodName: string;
}

/** Builds the document from a running (initialized) gateway application. */
export function buildOpenApiDocument(app: INestApplication): OpenApiDocument {
  const config = new DocumentBuilder()
    .setOpenAPIVersion(OPENAPI_VERSION)
    .setTitle('Bakery Wholesale API')
    .setDescription(
      [
        'The HTTP API of the bakery ordering platform, as the gateway serves it.',
        '',
        'Sign in with `POST /api/auth/login` (customers) or `POST /api/auth/admin-login` (administrators): the answer sets the session cookie, which every other call carries. Each operation says who may call it in `x-access`: `public` (anyone), `signedIn` (any signed-in user), `admin` or `customer` (signed in with that role: 401 when not signed in, 403 for the other role).',
        '',
        'Errors answer `{ statusCode, message, code, errors? }` (the `Error` schema): `errors` names each wrong field of a 400 with its messages. Lists are paged: `limit` and the opaque `cursor` of the previous page, the next page’s URL in `Link: <…>; rel="next"`. Money is an exact decimal string ("4.50"). A request that changes something must not come from a page of another origin (403); a browser request without a body must be sent as application/json or with `X-Requested-With`.',
      ].join('\n'),
    )
    .setVersion('0.1.0')
    .build();
  const handlers = new Map<string, Handler>();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => {
      const id = `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
      return id;
    },
  }) as OpenApiDocument;

  const reflector = app.get(Reflector);
  for (const wrapper of app.get(DiscoveryService, { strict: false }).getControllers()) {
    const metatype = wrapper.metatype as Function | undefined;
    if (!metatype || !wrapper.instance) continue;
    for (const methodName of Object.getOwnPropertyNames(metatype.prototype)) {
      handlers.set(`${metatype.name.replace(/Controller$/, '')}_${methodName}`, { metatype, methodName });
    }
  }

  const bodyClasses: Function[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, JsonSchema>)) {
    for (const method of METHODS) {
      const op = item[method] as JsonSchema | undefined;
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const handler = handlers.get(op.operationId);
      if (!handler) throw new Error(`OpenAPI: no handler for ${op.operationId} (${key})`);
      const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler.metatype.prototype[handler.methodName], handler.metatype]);
      const { query, body } = argumentClasses(handler);
      if (body) bodyClasses.push(body);
      item[method] = describeOperation(key, op, access, OPERATIONS[key], query, body);
    }
  }

  const bodies = requestSchemas(bodyClasses);
  document.components = {
    ...document.components,
    schemas: { ...RESPONSE_SCHEMAS, ...bodies },
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: `The session cookie sign-in sets (HttpOnly, SameSite=Lax; named __Host-${SESSION_COOKIE} when the gateway sets it Secure).`,
      },
    },
  };
  document.tags = (document.tags as { name: string }[] | undefined)?.map((t) => ({ ...t, name: tagName(t.name) }));
  return document;
}

/** The class of the handler's @Query() object and of its @Body(), from Nest's route metadata. */
function argumentClasses({ metatype, methodName }: Handler): { query?: Function; body?: Function } {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, methodName) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', metatype.prototype, methodName) ?? []) as Function[];
  const out: { query?: Function; body?: Function } = {};
  for (const [argKey, { index, data }] of Object.entries(args)) {
    const paramType = Number(argKey.split(':')[0]);
    const type = types[index];
    if (data !== undefined || typeof type !== 'function' || type === Object) continue;
    if (paramType === RouteParamtypes.QUERY) out.query = type;
    if (paramType === RouteParamtypes.BODY) out.body = type;
  }
  return out;
}

function describeOperation(key: string, op: JsonSchema, access: Access | undefined, doc: OperationDoc | undefined, query?: Function, body?: Function): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const p of (op.parameters ?? []) as JsonSchema[]) {
    const known = p.in === 'path' ? PATH_PARAMETERS[p.name] : p.in === 'header' ? HEADER_PARAMETERS[p.name] : undefined;
    // a header Nest reads is never required by it (Idempotency-Key is optional)
    parameters.push(known ? { name: p.name, in: p.in, required: p.in === 'path', ...known } : p);
  }
  if (query) parameters.push(...queryParameters(query));
  for (const [name, q] of Object.entries(doc?.query ?? {})) parameters.push({ name, in: 'query', required: false, ...q });

  const out: JsonSchema = {
    operationId: op.operationId,
    summary: doc?.summary,
    ...(doc?.description ? { description: doc.description } : {}),
    tags: (op.tags as string[] | undefined)?.map(tagName),
    'x-access': access,
    security: access === 'public' || access === undefined ? [] : [{ session: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
  };
  if (body) {
    const required = (requestSchemas([body])[body.name].required as string[] | undefined)?.length ?? 0;
    out.requestBody = { required: required > 0, content: { 'application/json': { schema: ref(body.name) } } };
  }
  const successStatus = doc?.status ?? Number(Object.keys(op.responses ?? {}).find((s) => /^2\d\d$/.test(s)) ?? 200);
  out.responses = {
    [successStatus]: successResponse(successStatus, doc),
    ...errorResponses(key, access, out, doc),
    default: {
      description: 'anything else: 500 (an unexpected failure, no detail) or 503 (a service did not answer)',
      content: json(ref('Error'), { statusCode: 500, message: 'Internal server error', code: 'INTERNAL' }),
    },
  };
  return out;
}

function successResponse(status: number, doc: OperationDoc | undefined): JsonSchema {
  const content: JsonSchema = {};
  if (doc?.answer) content['application/json'] = { schema: doc.answer };
  // files: bytes of their media type, no schema (OpenAPI 3.1's way for binary content)
  for (const mediaType of Object.keys(doc?.files ?? {})) content[mediaType] = {};
  const files = Object.entries(doc?.files ?? {}).map(([mediaType, when]) => `${mediaType}: ${when}`);
  const headers = Object.fromEntries((doc?.headers ?? []).map((h) => [h, HEADERS[h]]));
  const what = status === 204 ? 'done, no body' : status === 302 ? 'a redirect' : doc?.answer ? 'success (JSON)' : 'success';
  return {
    description: [what, ...files].join('; '),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

function errorResponses(key: string, access: Access | undefined, op: JsonSchema, doc: OperationDoc | undefined): Record<string, JsonSchema> {
  const errors: Record<string, string> = { ...commonErrors(key, access, op) };
  // a route's own reason joins the ones every route of its kind has
  for (const [status, why] of Object.entries(doc?.errors ?? {})) errors[status] = errors[status] ? `${errors[status]}; or ${why}` : why;
  return Object.fromEntries(
    Object.entries(errors)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, description]) => {
        if (status === '304') return [status, { description }];
        // the health check answers its own body when a service is down
        if (status === '503' && key === 'GET /api/health') return [status, { description, content: json(ref('GatewayHealth')) }];
        return [status, { description, content: json(ref('Error'), ERROR_EXAMPLES[Number(status)]) }];
      }),
  );
}

/** What each error looks like, for the reference's examples. */
const ERROR_EXAMPLES: Record<number, JsonSchema> = {
  400: { statusCode: 400, message: 'Validation failed', code: 'VALIDATION_FAILED', errors: { quantity: ['Quantity must be at least 1'] } },
  401: { statusCode: 401, message: 'You are not signed in', code: 'UNAUTHORIZED' },
  403: { statusCode: 403, message: 'You do not have access to this', code: 'FORBIDDEN' },
  404: { statusCode: 404, message: 'Order not found', code: 'NOT_FOUND' },
  409: { statusCode: 409, message: 'Not enough stock', code: 'CONFLICT' },
  413: { statusCode: 413, message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
  415: { statusCode: 415, message: 'Request body must be JSON (Content-Type: application/json)', code: 'UNSUPPORTED_MEDIA_TYPE' },
  422: { statusCode: 422, message: 'This Idempotency-Key was already used for a different order', code: 'UNPROCESSABLE' },
  429: { statusCode: 429, message: 'Too many attempts: please try again later', code: 'TOO_MANY_REQUESTS' },
  503: { statusCode: 503, message: 'The database is unavailable, please try again shortly', code: 'SERVICE_UNAVAILABLE' },
};

const json = (schema: JsonSchema, example?: JsonSchema): JsonSchema => ({ 'application/json': { schema, ...(example ? { example } : {}) } });

/** "PriceLists" → "Price lists" */
function tagName(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

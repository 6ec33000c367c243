import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/**
 * Checks real HTTP exchanges against the OpenAPI document (gateway/src/openapi): that each call
 * names a documented operation, that its status is documented, that the answer's media type is
 * one the document gives for that status, and that a JSON answer (and the JSON body of a call
 * that succeeded) validates against the documented schema, with ajv's draft 2020-12 (the dialect
 * of OpenAPI 3.1).
 *
 * Stricter than the document on purpose: every object schema is closed here (a field the route
 * answers that the document does not name fails), while the published document leaves objects
 * open so clients keep working when a field is added.
 */

type Json = any;

export interface Exchange {
  method: string;
  /** the request URL (absolute) */
  url: string;
  requestBody?: string;
  status: number;
  contentType: string;
  text: string;
}

export interface DocumentedOperation {
  key: string;
  template: string;
  operation: Json;
}

const BASE = 'https://bakery.test/openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Formats the document uses, checked as their RFCs say (ajv knows none by itself). */
const FORMATS: Record<string, RegExp | ((value: string) => boolean)> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v)),
  email: /^[^\s@]+@[^\s@]+$/,
};

/** A deep copy with every `#/components/schemas/X` pointing into BASE, and every object schema closed. */
function prepare(schema: Json, close: boolean): Json {
  if (Array.isArray(schema)) return schema.map((s) => prepare(s, close));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') out[key] = value.replace('#/components/schemas/', `${BASE}#/$defs/`);
    // property names are data, not schemas
    else if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as object).map(([name, s]) => [name, prepare(s, close)]));
    else out[key] = prepare(value, close);
  }
  if (close && out.properties && out.additionalProperties === undefined && out.unevaluatedProperties === undefined) out.unevaluatedProperties = false;
  return out;
}

export class DocumentedAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly operations: { key: string; template: string; pattern: RegExp; params: number; operation: Json; method: string }[] = [];

  constructor(readonly document: Json) {
    for (const [name, format] of Object.entries(FORMATS)) this.ajv.addFormat(name, format);
    this.ajv.addSchema({ $id: BASE, $defs: prepare(document.components.schemas, true) });
    for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const method of METHODS) {
        if (!item[method]) continue;
        const pattern = new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{\w+\}/g, '[^/]+')}$`);
        this.operations.push({
          key: `${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ':$1')}`,
          template,
          pattern,
          params: (template.match(/\{/g) ?? []).length,
          operation: item[method],
          method: method.toUpperCase(),
        });
      }
    }
    // a literal segment wins over a parameter: /api/standing-orders/upcoming before /{id}
    this.operations.sort((a, b) => a.params - b.params);
  }

  operationOf(method: string, pathname: string): DocumentedOperation | undefined {
    return this.operations.find((o) => o.method === method && o.pattern.test(pathname));
  }

  /** What is wrong with one exchange, by the document; [] when nothing is. */
  problems(exchange: Exchange): string[] {
    const { pathname } = new URL(exchange.url);
    const what = `${exchange.method} ${pathname} → ${exchange.status}`;
    const found = this.operationOf(exchange.method, pathname);
    if (!found) return [`${what}: no such operation in the document`];
    const responses = found.operation.responses as Record<string, Json>;
    const documented = responses[String(exchange.status)] ?? (exchange.status >= 500 ? responses.default : undefined);
    if (!documented) return [`${what}: status not documented for ${found.key} (documented: ${Object.keys(responses).join(', ')})`];
    const problems: string[] = [];
    const content = (documented.content ?? {}) as Record<string, Json>;
    const mediaType = exchange.contentType.split(';')[0].trim().toLowerCase();
    if (Object.keys(content).length === 0) {
      if (exchange.text.length > 0) problems.push(`${what}: answered a body (${mediaType}) where the document says none`);
    } else {
      const match = Object.keys(content).find((m) => m === mediaType || (m.endsWith('/*') && mediaType.startsWith(m.slice(0, -1))));
      if (!match) problems.push(`${what}: answered ${mediaType || 'no content type'}, documented ${Object.keys(content).join(', ')}`);
      else if (match === 'application/json' && content[match].schema) {
        const status = String(exchange.status) in responses ? String(exchange.status) : 'default';
        problems.push(...this.validate(`${found.key} ${status}`, content[match].schema, JSON.parse(exchange.text), what));
      }
    }
    if (exchange.status < 300 && exchange.requestBody !== undefined) {
      const body = found.operation.requestBody?.content?.['application/json']?.schema;
      if (body) problems.push(...this.validate(`${found.key} request`, body, JSON.parse(exchange.requestBody), `${what} (request body)`));
      else if (exchange.requestBody !== '{}' && exchange.requestBody !== '') problems.push(`${what}: sent a body the document does not describe`);
    }
    return problems;
  }

  private validate(id: string, schema: Json, value: unknown, what: string): string[] {
    let validate = this.validators.get(id);
    if (!validate) {
      validate = this.ajv.compile(prepare(schema, true));
      this.validators.set(id, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${what}: ${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
}

/**
 * Records every fetch of the test process (ApiClient uses fetch) until the returned function is
 * called: what was asked and what was answered, body included.
 */
export function recordExchanges(into: Exchange[]): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const res = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    const requestType = new Headers(init?.headers).get('content-type') ?? '';
    into.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      requestBody: typeof init?.body === 'string' && requestType.startsWith('application/json') ? init.body : undefined,
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      text: await res.clone().text(),
    });
    return res;
  }) as typeof fetch;
  return () => {
    globalThis.fetch = realFetch;
  };
}

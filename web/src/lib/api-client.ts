/**
 * The one fetch module of the app (spec section 7): cookies are always sent, bodies are JSON,
 * and any non-OK response becomes an ApiError whose message is `<status>: <body text or status text>`.
 * `getJson(url, { on401: 'returnNull' })` answers null for a 401 instead of throwing.
 */

import { apiFetch } from './api-fetch';
import { REQUEST_MARKER_HEADER, REQUEST_MARKER_VALUE } from '@contracts/headers';

/**
 * On every call to our API: the gateway refuses a body-less state-changing request from a browser
 * without it (a page of another origin cannot add it without a CORS preflight).
 */
const MARKER = { [REQUEST_MARKER_HEADER]: REQUEST_MARKER_VALUE };

/** The API's error body: `{ statusCode, message, code, errors?, details? }`. */
export interface ApiErrorBody {
  statusCode?: number;
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly status: number;
  /** the response body as text ('' when empty) */
  readonly bodyText: string;
  /** the parsed JSON error body, when the body was JSON */
  readonly body: ApiErrorBody | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseJsonObject(bodyText);
  }

  /** The server's own message (`message` of the JSON body), when there is one. */
  get serverMessage(): string | undefined {
    return typeof this.body?.message === 'string' ? this.body.message : undefined;
  }
}

function parseJsonObject(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}

/** Throws an ApiError for a non-OK response; reads the body text for the message. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text: string;
  try {
    text = await res.text();
  } catch {
    text = '';
  }
  throw new ApiError(res.status, res.statusText, text);
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A call with an optional JSON body; answers the Response once it is known to be OK. */
export async function apiRequest(method: string, url: string, data?: unknown, options: RequestOptions = {}): Promise<Response> {
  const res = await apiFetch(url, {
    method,
    headers: { ...MARKER, ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** Parses a JSON answer; an empty body (204, or a 200 without content) is undefined. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** apiRequest + readJson. */
export async function apiJson<T>(method: string, url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await apiRequest(method, url, data, options));
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET a JSON resource; with `on401: 'returnNull'` a 401 answers null (the default throws). */
export async function getJson<T>(url: string, options: { on401?: UnauthorizedBehavior; signal?: AbortSignal } = {}): Promise<T | null> {
  const res = await apiFetch(url, { credentials: 'include', headers: MARKER, signal: options.signal });
  if (options.on401 === 'returnNull' && res.status === 401) {
    // read to its end: an answer nobody reads (and no cache keeps: API answers are no-store)
    // holds its request open in the browser
    await res.text().catch(() => '');
    return null;
  }
  await throwIfResNotOk(res);
  return readJson<T>(res);
}

/**
 * PUT a file's raw bytes with its own Content-Type (the photo upload's second step). The upload
 * URL may be another origin (an S3 bucket's signed URL), so cookies go only to our own origin.
 */
export async function putFile(url: string, file: Blob): Promise<Response> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
    credentials: 'same-origin',
  });
  await throwIfResNotOk(res);
  return res;
}

import { jsonResponse, textResponse } from '@/testing/test-utils';
import { ApiError, apiJson, apiRequest, getJson, isApiError, putFile } from './api-client';
import { createQueryClient } from './query-client';

describe('api client (spec section 7)', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('sends cookies and a JSON body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'line-1' }, 200));
    await expect(apiJson('POST', '/api/cart', { productId: 'p', quantity: 2 })).resolves.toEqual({ id: 'line-1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/cart', {
      method: 'POST',
      headers: { 'x-requested-with': 'bakery-web', 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 'p', quantity: 2 }),
      credentials: 'include',
      signal: undefined,
    });
  });

  it('sends no body and no content type without data, but the marker header the gateway asks of a body-less request, and extra headers when asked', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}, 201));
    await apiRequest('POST', '/api/orders', undefined, { headers: { 'Idempotency-Key': 'k1' } });
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ 'x-requested-with': 'bakery-web', 'Idempotency-Key': 'k1' });
    expect(init.credentials).toBe('include');
  });

  it('turns a non-OK answer into "<status>: <body text>"', async () => {
    const body = { statusCode: 409, message: 'Not enough stock', code: 'CONFLICT', details: { shortages: [] } };
    fetchMock.mockResolvedValue(jsonResponse(body, 409, 'Conflict'));
    const err = await apiRequest('POST', '/api/orders', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`409: ${JSON.stringify(body)}`);
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).serverMessage).toBe('Not enough stock');
    expect(isApiError(err, 409)).toBe(true);
    expect(isApiError(err, 400)).toBe(false);
  });

  it('uses the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(textResponse('', 502, 'Bad Gateway'));
    await expect(getJson('/api/products')).rejects.toThrow(new Error('502: Bad Gateway'));
  });

  it('keeps a plain-text body as it is', async () => {
    fetchMock.mockResolvedValue(textResponse('The web app is not built', 404, 'Not Found'));
    await expect(getJson('/api/x')).rejects.toThrow('404: The web app is not built');
  });

  it('answers null for a 401 in returnNull mode and throws by default', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized'));
    const unauthorized = jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401);
    const read = jest.spyOn(unauthorized, 'text');
    fetchMock.mockResolvedValueOnce(unauthorized);
    await expect(getJson('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    // the body is read to its end, so the browser does not keep the request open
    expect(read).toHaveBeenCalled();
    await expect(getJson('/api/auth/user')).rejects.toThrow(/^401: /);
    await expect(getJson('/api/auth/user', { on401: 'throw' })).rejects.toThrow(/^401: /);
  });

  it('GETs with cookies', async () => {
    fetchMock.mockResolvedValue(jsonResponse([{ id: 'p1' }]));
    await expect(getJson('/api/products')).resolves.toEqual([{ id: 'p1' }]);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('PUTs a file with its own content type, cookies only to our origin', async () => {
    fetchMock.mockResolvedValue(textResponse('', 200));
    const file = new Blob(['png-bytes'], { type: 'image/png' });
    await putFile('/objects/upload/abc?signature=x', file);
    expect(fetchMock).toHaveBeenCalledWith('/objects/upload/abc?signature=x', {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: file,
      credentials: 'same-origin',
    });
    fetchMock.mockResolvedValue(textResponse('too large', 413, 'Payload Too Large'));
    await expect(putFile('/objects/upload/abc', file)).rejects.toThrow('413: too large');
  });

  it('builds queries from their keys, never retried, never stale', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'o1' }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/orders', 'o1'] })).resolves.toEqual({ id: 'o1' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/orders/o1');
    const defaults = client.getDefaultOptions().queries!;
    expect(defaults.retry).toBe(false);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.staleTime).toBe(Infinity);
    expect(defaults.refetchInterval).toBe(false);
  });
});

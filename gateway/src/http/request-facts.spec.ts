import { etagMatches, hasBody, isJson, mediaTypeOf, pathOf } from './request-facts';

describe('request facts', () => {
  it('reads the path without the query, and the declared media type without parameters', () => {
    expect(pathOf({ url: '/api/orders?status=pending&x=?' })).toBe('/api/orders');
    expect(pathOf({ url: '/api/orders' })).toBe('/api/orders');
    expect(mediaTypeOf({ 'content-type': 'Application/JSON; charset=utf-8' })).toBe('application/json');
    expect(isJson({ 'content-type': 'application/json;charset=UTF-8' })).toBe(true);
    expect(isJson({ 'content-type': 'application/vnd.api+json' })).toBe(false);
    expect(isJson({ 'content-type': 'text/plain' })).toBe(false);
    expect(isJson({})).toBe(false);
  });

  it('sees a body only where one is declared', () => {
    expect(hasBody({})).toBe(false);
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({ 'content-length': '12' })).toBe(true);
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
  });
});

describe('etagMatches: If-None-Match, compared weakly', () => {
  const etag = '"c-3f1a"';

  it('matches the tag, its weak form, one of a list, and *', () => {
    expect(etagMatches({ 'if-none-match': '"c-3f1a"' }, etag)).toBe(true);
    expect(etagMatches({ 'if-none-match': 'W/"c-3f1a"' }, etag)).toBe(true);
    expect(etagMatches({ 'if-none-match': '"other", "c-3f1a"' }, etag)).toBe(true);
    expect(etagMatches({ 'if-none-match': '*' }, etag)).toBe(true);
    expect(etagMatches({ 'if-none-match': 'W/"c-3f1a"' }, 'W/"c-3f1a"')).toBe(true);
  });

  it('does not match another tag, no header, or a request asking for the full answer', () => {
    expect(etagMatches({ 'if-none-match': '"c-3f1b"' }, etag)).toBe(false);
    expect(etagMatches({}, etag)).toBe(false);
    expect(etagMatches({ 'if-none-match': '"c-3f1a"', 'cache-control': 'no-cache' }, etag)).toBe(false);
  });
});

import { readCookie } from './session-cookie';

describe('readCookie', () => {
  it('finds one cookie among several, decoded', () => {
    expect(readCookie('a=1; bakery_session=abc.def-ghi; b=2', 'bakery_session')).toBe('abc.def-ghi');
    expect(readCookie('bakery_session=%7Bx%7D', 'bakery_session')).toBe('{x}');
    expect(readCookie('bakery_session="quoted"', 'bakery_session')).toBe('quoted');
  });

  it('answers null when the cookie is not there', () => {
    expect(readCookie(undefined, 'bakery_session')).toBeNull();
    expect(readCookie('', 'bakery_session')).toBeNull();
    expect(readCookie('other_bakery_session=x; bakery_sessionx=y', 'bakery_session')).toBeNull();
  });

  it('keeps a value that is not valid percent-encoding as it is', () => {
    expect(readCookie('bakery_session=%E0%A4%A', 'bakery_session')).toBe('%E0%A4%A');
  });
});

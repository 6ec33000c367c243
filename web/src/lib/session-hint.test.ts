import { mayHaveSession } from './session-hint';

describe('the session hint', () => {
  it('is the gateway’s readable cookie, plain or __Host-, set to 1', () => {
    expect(mayHaveSession('bakery_signed_in=1')).toBe(true);
    expect(mayHaveSession('theme=dark; __Host-bakery_signed_in=1; lang=en')).toBe(true);
    expect(mayHaveSession('')).toBe(false);
    expect(mayHaveSession('bakery_signed_in=0')).toBe(false);
    expect(mayHaveSession('xbakery_signed_in=1; bakery_signed_in_old=1')).toBe(false);
  });
});

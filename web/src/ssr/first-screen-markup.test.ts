import { scriptSafeJson } from './first-screen-markup';

describe('scriptSafeJson', () => {
  it('writes JSON no text can end a script element with, which reads back as it was', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & > \u2028\u2029', n: 1 };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

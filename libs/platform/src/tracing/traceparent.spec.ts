import { formatTraceparent, parseTraceparent } from './traceparent';

describe('traceparent', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const spanId = '00f067aa0ba902b7';

  it('reads a well-formed header and writes it back the same', () => {
    const header = `00-${traceId}-${spanId}-01`;
    expect(parseTraceparent(header)).toEqual({ traceId, spanId, traceFlags: 1 });
    expect(formatTraceparent(parseTraceparent(header)!)).toBe(header);
    expect(formatTraceparent({ traceId, spanId, traceFlags: 0 })).toBe(`00-${traceId}-${spanId}-00`);
  });

  it('takes a later version with more fields, as the spec asks', () => {
    expect(parseTraceparent(`cc-${traceId}-${spanId}-01-what-comes-next`)).toEqual({ traceId, spanId, traceFlags: 1 });
  });

  it('refuses broken headers (a new trace starts instead)', () => {
    for (const header of [
      undefined,
      null,
      '',
      'garbage',
      `00-${traceId}-${spanId}`,
      `00-${traceId.toUpperCase()}-${spanId}-01`,
      `00-${'0'.repeat(32)}-${spanId}-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `ff-${traceId}-${spanId}-01`,
      `00-${traceId}-${spanId}-01-extra`,
      `00-${traceId}x-${spanId}-01`,
      `00-${traceId}-${spanId}-01${'0'.repeat(600)}`,
    ]) {
      expect(parseTraceparent(header)).toBeNull();
    }
  });
});

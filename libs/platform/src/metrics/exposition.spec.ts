import { parseExposition, sampleValue } from './exposition';

describe('parseExposition', () => {
  it('reads names, labels (escapes included) and values, and skips comments', () => {
    const samples = parseExposition(
      [
        '# HELP bakery_x_total X',
        '# TYPE bakery_x_total counter',
        'bakery_x_total{route="/api/orders/:id",note="a \\"quoted\\" \\\\ b"} 3',
        'bakery_up 1',
        'bakery_h_bucket{le="+Inf"} 2',
        '',
      ].join('\n'),
    );
    expect(samples).toEqual([
      { name: 'bakery_x_total', labels: { route: '/api/orders/:id', note: 'a "quoted" \\ b' }, value: 3 },
      { name: 'bakery_up', labels: {}, value: 1 },
      { name: 'bakery_h_bucket', labels: { le: '+Inf' }, value: 2 },
    ]);
    expect(sampleValue(samples, 'bakery_x_total', { route: '/api/orders/:id' })).toBe(3);
    expect(sampleValue(samples, 'bakery_x_total', { route: '/other' })).toBe(0);
    expect(sampleValue(samples, 'bakery_missing')).toBe(0);
  });
});

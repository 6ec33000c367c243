import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { LogoMark } from './logo';

/** Each path of an SVG as what it draws: its outline and its paint. */
const drawing = (svg: Element) =>
  Array.from(svg.querySelectorAll('path')).map((p) => [p.getAttribute('d'), p.getAttribute('fill'), p.getAttribute('stroke')]);

describe('LogoMark', () => {
  it('is the browser tab’s icon too: index.html carries the same mark inline (no /favicon.ico request)', () => {
    const html = new DOMParser().parseFromString(fs.readFileSync(path.join(__dirname, '../../../index.html'), 'utf8'), 'text/html');
    const href = html.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '';
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    const icon = new DOMParser().parseFromString(decodeURIComponent(href.slice('data:image/svg+xml,'.length)), 'image/svg+xml').documentElement;

    const { container } = render(<LogoMark />);
    const mark = drawing(container.querySelector('svg')!);
    expect(mark).toHaveLength(3);
    expect(drawing(icon)).toEqual(mark);
  });
});

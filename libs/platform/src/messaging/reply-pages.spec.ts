import { pageBySize } from './reply-pages';

describe('pages by size', () => {
  const items = Array.from({ length: 10 }, (_, i) => ({ i, text: 'x'.repeat(90) }));

  it('fills a page up to the byte budget and says where the next starts', () => {
    const one = Buffer.byteLength(JSON.stringify(items[0])) + 1;
    expect(pageBySize(items, 0, 2 + one * 3)).toEqual({ page: items.slice(0, 3), next: 3 });
    expect(pageBySize(items, 9, 2 + one * 3)).toEqual({ page: items.slice(9), next: null });
    expect(pageBySize(items, 0, 1_000_000)).toEqual({ page: items, next: null });
  });

  it('counts what people typed as bytes: a page of text in other scripts and escapes holds fewer items', () => {
    const typed = Array.from({ length: 10 }, (_, i) => ({ i, text: '\u0001é漢'.repeat(30) }));
    const one = Buffer.byteLength(JSON.stringify(typed[0])) + 1;
    expect(one).toBeGreaterThan(JSON.stringify(typed[0]).length);
    expect(pageBySize(typed, 0, 2 + one * 3)).toEqual({ page: typed.slice(0, 3), next: 3 });
  });

  it('always moves on, even past an item bigger than the budget', () => {
    expect(pageBySize(items, 4, 10)).toEqual({ page: [items[4]], next: 5 });
    expect(pageBySize(items, 10, 10)).toEqual({ page: [], next: null });
  });
});

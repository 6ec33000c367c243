import { documentFileName, documentPath, weekPath } from './api/production';
import { batchesText, categoryLabel, changeKind, changeText, groupByCategory, nextDeliveryDate, slotLabel, totalUnits } from './production';

describe('the production screens’ words and sums', () => {
  it('writes batches with what is spare', () => {
    expect(batchesText({ batchSize: 48, count: 3, spare: 12 })).toBe('3 batches of 48, 12 spare');
    expect(batchesText({ batchSize: 48, count: 1, spare: 0 })).toBe('1 batch of 48');
    expect(batchesText({ batchSize: 12, count: 2, spare: 1 })).toBe('2 batches of 12, 1 spare');
  });

  it('bakes placed and projected units together', () => {
    expect(totalUnits({ quantity: 96, projectedQuantity: 24 })).toBe(120);
  });

  it('tells an added, a removed and a changed line apart', () => {
    const line = { productId: 'p', name: 'Baguette', customerId: 'c', businessName: 'Corner Coffee' };
    expect(changeKind({ before: 0, after: 12 })).toBe('added');
    expect(changeKind({ before: 12, after: 0 })).toBe('removed');
    expect(changeKind({ before: 12, after: 18 })).toBe('changed');
    expect(changeText({ ...line, before: 0, after: 12 })).toBe('12 × Baguette');
    expect(changeText({ ...line, before: 6, after: 0 })).toBe('6 × Baguette');
    expect(changeText({ ...line, before: 12, after: 18 })).toBe('Baguette: 12 → 18');
  });

  it('groups rows by category in the server’s order, a product without one last as Uncategorized', () => {
    const rows = [
      { name: 'Baguette', category: 'breads' },
      { name: 'Sourdough', category: 'breads' },
      { name: 'Croissant', category: 'pastries' },
      { name: 'Old roll', category: null },
    ];
    expect(groupByCategory(rows).map((g) => [g.label, g.rows.map((r) => r.name)])).toEqual([
      ['Breads', ['Baguette', 'Sourdough']],
      ['Pastries', ['Croissant']],
      ['Uncategorized', ['Old roll']],
    ]);
    expect(categoryLabel('bagels')).toBe('Bagels');
    expect(slotLabel(null)).toBe('No time slot');
  });

  it('opens on the next date that delivers, cut-off passed or not; tomorrow when none is known', () => {
    const days = [
      { date: '2026-11-25', reason: 'closure' as const },
      { date: '2026-11-26', reason: 'closed_weekday' as const },
      { date: '2026-11-27', reason: 'cutoff_passed' as const },
      { date: '2026-11-28', reason: null },
    ];
    expect(nextDeliveryDate(days, '2026-11-24')).toBe('2026-11-27');
    expect(nextDeliveryDate([{ date: '2026-11-25', reason: null }], '2026-11-24')).toBe('2026-11-25');
    expect(nextDeliveryDate([], '2026-11-24')).toBe('2026-11-25');
    expect(nextDeliveryDate([{ date: '2026-11-24', reason: null }], '2026-11-24')).toBe('2026-11-25');
  });

  it('links to the documents with the date, the format and the paper', () => {
    expect(documentPath('bake-list', '2026-12-02')).toBe('/api/admin/production/bake-list?date=2026-12-02');
    expect(documentPath('bake-list', '2026-12-02', 'pdf', 'letter')).toBe('/api/admin/production/bake-list?date=2026-12-02&format=pdf&paper=letter');
    // the paper is a PDF's only
    expect(documentPath('run-sheet', '2026-12-02', 'csv', 'letter')).toBe('/api/admin/production/run-sheet?date=2026-12-02&format=csv');
    expect(documentFileName('packing-slips', '2026-12-02', 'pdf')).toBe('packing-slips-2026-12-02.pdf');
    expect(weekPath('2026-12-02', 7)).toBe('/api/admin/production/week?from=2026-12-02&days=7');
  });
});

import { changeWindowsShownAt } from './change-window';

const ZONE = 'America/New_York';
const pending = (cutoffAt: string | null) => ({ status: 'pending' as const, cutoffAt });

describe('changeWindowsShownAt: what the order screens show that moves with the clock', () => {
  // Tue 24 Nov, 2:00 PM in New York; another a fortnight away (shown with its date until a week before)
  const orders = [pending('2026-11-24T19:00:00.000Z'), pending('2026-12-08T19:00:00.000Z'), pending(null), { status: 'delivered' as const, cutoffAt: null }];
  const at = (iso: string) => changeWindowsShownAt(orders, ZONE, Date.parse(iso));

  it('stays the same between cut-offs, whatever the seconds and minutes', () => {
    expect(at('2026-11-23T15:00:00Z')).toBe(at('2026-11-23T15:00:05Z'));
    expect(at('2026-11-23T15:00:00Z')).toBe(at('2026-11-24T18:59:59Z'));
  });

  it('changes when a cut-off passes, and when a cut-off comes within a week (its wording loses the date)', () => {
    expect(at('2026-11-24T18:59:59Z')).not.toBe(at('2026-11-24T19:00:00Z'));
    expect(at('2026-11-25T15:00:00Z')).not.toBe(at('2026-12-03T15:00:00Z'));
  });

  it('is empty for no orders', () => {
    expect(changeWindowsShownAt([], ZONE, 0)).toBe('');
  });
});

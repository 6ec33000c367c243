import { DEFAULT_MAIL_PREFERENCES, MAIL_KINDS } from '@bakery/contracts';
import { mailWanted } from './mail-preferences';

describe('which mails a customer’s preferences let through', () => {
  const none = { orderUpdates: false, standingOrderPreviews: false, cutoffReminders: false };

  it('always sends transactional mail: confirmations, the admins’ mail, password links', () => {
    for (const kind of ['order_confirmation', 'admin_new_order', 'password_reset', 'welcome'] as const) expect(mailWanted(kind, none)).toBe(true);
  });

  it('lets each preference turn its own kinds off, and nothing else', () => {
    expect(mailWanted('order_status', { ...none, orderUpdates: true })).toBe(true);
    expect(mailWanted('order_amended', { ...none, orderUpdates: true })).toBe(true);
    expect(mailWanted('order_status', none)).toBe(false);
    expect(mailWanted('order_amended', none)).toBe(false);
    expect(mailWanted('standing_order_preview', none)).toBe(false);
    expect(mailWanted('standing_order_preview', { ...none, standingOrderPreviews: true })).toBe(true);
    expect(mailWanted('cutoff_reminder', { ...none, standingOrderPreviews: true, orderUpdates: true })).toBe(false);
    expect(mailWanted('cutoff_reminder', { ...none, cutoffReminders: true })).toBe(true);
  });

  it('by default sends everything but the reminders (opt-in)', () => {
    expect(MAIL_KINDS.filter((kind) => !mailWanted(kind, DEFAULT_MAIL_PREFERENCES))).toEqual(['cutoff_reminder']);
  });
});

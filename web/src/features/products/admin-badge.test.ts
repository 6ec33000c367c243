import { makeProduct } from '@/testing/fixtures';
import {
  adminBadgeLevel,
  adminBadgeText,
  catalogueProducts,
  deleteConfirmText,
  pendingSubmissions,
  rejectedSubmissions,
  toggleConfirmText,
  toggledMessage,
} from './admin-badge';

describe('admin list badge (spec sections 4 and 9)', () => {
  it.each([
    [{ isActive: false, stock: 0 }, 'Inactive', 'Inactive'],
    [{ isActive: false, stock: 500 }, 'Inactive', 'Inactive'],
    [{ isActive: true, stock: 0 }, 'Low Stock', 'Low Stock'],
    [{ isActive: true, stock: 20 }, 'Low Stock', 'Low Stock'],
    [{ isActive: true, stock: 21 }, 'Active', 'In Stock'],
  ])('%j reads %s in the table and %s on a card', (product, table, card) => {
    expect(adminBadgeText(product, 'table')).toBe(table);
    expect(adminBadgeText(product, 'card')).toBe(card);
  });
  it('counts 20 as low in the admin lists, unlike the catalogue card (below 20)', () => {
    expect(adminBadgeLevel({ isActive: true, stock: 20 })).toBe('low');
  });
});

describe('submissions are listed apart', () => {
  const products = [
    makeProduct({ id: 'a', name: 'Sourdough Loaf' }),
    makeProduct({ id: 'late', name: 'Customer submission', category: null, reviewStatus: 'pending_review', isActive: false, createdAt: '2026-11-21T12:00:00Z' }),
    makeProduct({ id: 'early', name: 'Customer submission', category: null, reviewStatus: 'pending_review', isActive: false, createdAt: '2026-11-20T12:00:00Z' }),
    makeProduct({ id: 'no', name: 'Customer submission', reviewStatus: 'rejected', isActive: false }),
  ];
  it('keeps the catalogue to approved products', () => {
    expect(catalogueProducts(products).map((p) => p.id)).toEqual(['a']);
  });
  it('lists waiting submissions oldest first, and the rejected ones', () => {
    expect(pendingSubmissions(products).map((p) => p.id)).toEqual(['early', 'late']);
    expect(rejectedSubmissions(products).map((p) => p.id)).toEqual(['no']);
  });
});

describe("activate/deactivate and delete: confirmations and the spec's toasts", () => {
  it('says what the toggle did, from the answer', () => {
    expect(toggledMessage({ isActive: true })).toBe('Product activated successfully');
    expect(toggledMessage({ isActive: false })).toBe('Product deactivated successfully');
  });
  it('names the product in the confirmations', () => {
    expect(toggleConfirmText({ isActive: true, name: 'Rye' })).toMatch(/^Deactivate "Rye"\?/);
    expect(toggleConfirmText({ isActive: false, name: 'Rye' })).toMatch(/^Activate "Rye"\?/);
    expect(deleteConfirmText({ name: 'Rye' })).toBe('Delete "Rye"? This cannot be undone.');
  });
});

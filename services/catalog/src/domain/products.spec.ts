import { AppError, CreateProductDto, SubmitProductDto } from '@bakery/contracts';
import { isLiveProduct } from '@bakery/contracts';
import { applyUpdate, compareForListing, liveProductSql, LIVE_PRODUCT_WHERE, newProduct, newSubmission, ProductFields, visibleTo } from './products';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const PHOTO = '/objects/uploads/22222222-2222-4222-8222-222222222222';

function created(extra: Partial<CreateProductDto> = {}): ProductFields {
  return newProduct({ name: 'Sourdough Loaf', price: '6.5', category: 'breads', stock: 40, ...extra } as CreateProductDto);
}

function submitted(): ProductFields {
  return newSubmission(CUSTOMER, { price: '3', stock: 20, imageUrl: PHOTO } as SubmitProductDto);
}

describe('product rules', () => {
  it('creates an approved, active product with the spec defaults and a canonical price', () => {
    expect(created()).toEqual({
      name: 'Sourdough Loaf',
      description: null,
      price: '6.50',
      category: 'breads',
      imageUrl: null,
      stock: 40,
      lowStockThreshold: 10,
      reorderLevel: 5,
      reorderQuantity: 50,
      leadDays: 0,
      batchSize: null,
      supplier: null,
      isActive: true,
      reviewStatus: 'approved',
      submittedBy: null,
    });
    expect(created({ isActive: false }).isActive).toBe(false);
  });

  it('holds a submission inactive and pending, without a category, under a placeholder name', () => {
    expect(submitted()).toMatchObject({
      name: 'Customer submission',
      category: null,
      price: '3.00',
      stock: 20,
      imageUrl: PHOTO,
      isActive: false,
      reviewStatus: 'pending_review',
      submittedBy: CUSTOMER,
    });
  });

  it('shows customers only products that are active and approved', () => {
    const product = created();
    expect(visibleTo('customer', product)).toBe(true);
    expect(visibleTo('customer', { ...product, isActive: false })).toBe(false);
    expect(visibleTo('customer', submitted())).toBe(false);
    expect(visibleTo('customer', { ...submitted(), isActive: true })).toBe(false);
    expect(visibleTo('admin', submitted())).toBe(true);
  });

  it('edits only the fields given and clears nullable ones with null or blank', () => {
    const product = { ...created(), description: 'Tangy', supplier: 'Mill & Co' };
    const next = applyUpdate(product, { price: '7', stock: 3, description: null, supplier: '' });
    expect(next).toEqual({ ...product, price: '7.00', stock: 3, description: null, supplier: null });
  });

  it('lists and reserves live products in SQL by the same rule as isLiveProduct', () => {
    expect(LIVE_PRODUCT_WHERE).toEqual({ isActive: true, reviewStatus: 'approved' });
    expect(liveProductSql('p')).toBe("p.is_active = true AND p.review_status = 'approved'");
  });

  it('completes and approves a submission, which makes it live', () => {
    const next = applyUpdate(submitted(), { name: 'Everything Bagel', category: 'bagels', reviewStatus: 'approved' });
    expect(next).toMatchObject({ name: 'Everything Bagel', category: 'bagels', reviewStatus: 'approved', isActive: true });
    expect(isLiveProduct(next)).toBe(true);
  });

  it('approves without activating when the edit says isActive: false', () => {
    const next = applyUpdate(submitted(), { category: 'bagels', reviewStatus: 'approved', isActive: false });
    expect(next).toMatchObject({ reviewStatus: 'approved', isActive: false });
  });

  it('refuses to approve a submission without a category', () => {
    expect(() => applyUpdate(submitted(), { reviewStatus: 'approved' })).toThrow(AppError);
    try {
      applyUpdate(submitted(), { reviewStatus: 'approved' });
    } catch (err) {
      expect((err as AppError).fields).toEqual({ category: ['Category is required to approve a submission'] });
    }
  });

  it('rejects a submission and keeps it off the shelf', () => {
    const next = applyUpdate(submitted(), { reviewStatus: 'rejected', isActive: true });
    expect(next).toMatchObject({ reviewStatus: 'rejected', isActive: false });
    expect(isLiveProduct(next)).toBe(false);
  });

  it('does not re-activate an approved product when approval is repeated', () => {
    const next = applyUpdate({ ...created(), isActive: false }, { reviewStatus: 'approved' });
    expect(next.isActive).toBe(false);
  });

  it('sorts by category, then name (case-insensitive), submissions without a category last', () => {
    const rows = [
      { id: '3', category: null, name: 'Customer submission' },
      { id: '1', category: 'pastries' as const, name: 'croissant' },
      { id: '2', category: 'breads' as const, name: 'Sourdough' },
      { id: '4', category: 'breads' as const, name: 'baguette' },
      { id: '5', category: 'bagels' as const, name: 'Plain' },
    ];
    expect(rows.sort(compareForListing).map((r) => r.id)).toEqual(['5', '4', '2', '1', '3']);
  });
});

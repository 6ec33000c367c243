import { makeProduct } from '@/testing/fixtures';
import {
  formValuesOf,
  toCreateInput,
  toUpdateInput,
  validateCategory,
  validateName,
  validatePrice,
  validateRestock,
  validateBatchSize,
  validateLeadDays,
  validateStock,
} from './product-form';

describe('Add Product form', () => {
  it('needs a name, a price and a category; stock is a whole number from 0', () => {
    expect(validateName('  ')).toBe('Name is required');
    expect(validateName('x'.repeat(201))).toBe('Name must be at most 200 characters');
    expect(validatePrice('')).toBe('Price is required');
    expect(validatePrice('0')).toBe('Price must be greater than 0');
    expect(validatePrice('123456789')).toBe('Price must be at most 99999999.99');
    expect(validateCategory(undefined)).toBe('Please choose a category');
    expect(validateCategory('bagels')).toBeUndefined();
    expect(validateStock(null)).toBe('Stock is required');
    expect(validateStock(-1)).toBe('Stock cannot be negative');
    expect(validateStock(1.5)).toBe('Stock must be a whole number');
    expect(validateStock(0)).toBeUndefined();
  });
  it('sends the product active, leaving out a blank description and no photo', () => {
    expect(toCreateInput({ name: ' Rye ', description: ' ', price: '4.50 ', category: 'breads', stock: 12, imageUrl: null })).toEqual({
      name: 'Rye',
      price: '4.50',
      category: 'breads',
      stock: 12,
      isActive: true,
    });
    expect(toCreateInput({ name: 'Rye', price: '4.5', category: 'breads', stock: 0, imageUrl: '/objects/uploads/x' })).toMatchObject({ imageUrl: '/objects/uploads/x' });
  });
});

describe('Edit and Restock', () => {
  const product = makeProduct({ name: 'Rye', description: 'Dark', price: '4.50', stock: 30, lowStockThreshold: 10, imageUrl: '/objects/uploads/a' });
  it('sends only what changed; a cleared description or photo is null', () => {
    expect(toUpdateInput(product, formValuesOf(product))).toEqual({});
    expect(toUpdateInput(product, { ...formValuesOf(product), price: '4.5' })).toEqual({});
    expect(toUpdateInput(product, { ...formValuesOf(product), price: '5.25', description: '', imageUrl: null, lowStockThreshold: 15 })).toEqual({
      price: '5.25',
      description: null,
      imageUrl: null,
      lowStockThreshold: 15,
    });
  });
  it('restocks by at least 1', () => {
    expect(validateRestock(undefined, 30)).toBe('Enter how many to add');
    expect(validateRestock(0, 30)).toBe('Add at least 1');
    expect(validateRestock(20, 30)).toBeUndefined();
  });
});

describe('lead time', () => {
  it('is whole days from 0 to 30, sent when given, and only when changed on Edit', () => {
    expect(validateLeadDays(0)).toBeUndefined();
    expect(validateLeadDays(30)).toBeUndefined();
    for (const bad of [31, -1, 1.5, null]) expect(validateLeadDays(bad)).toBe('Lead time must be a whole number of days from 0 to 30');
    expect(toCreateInput({ name: 'Cake', price: '45', category: 'pastries', stock: 1, leadDays: 0 })).toMatchObject({ leadDays: 0 });
    const cake = makeProduct({ leadDays: 3 });
    expect(formValuesOf(cake).leadDays).toBe(3);
    expect(toUpdateInput(cake, { ...formValuesOf(cake), leadDays: 3 })).toEqual({});
    expect(toUpdateInput(cake, { ...formValuesOf(cake), leadDays: 0 })).toEqual({ leadDays: 0 });
  });
});

describe('batch size (issue 18)', () => {
  it('is empty (not made in batches) or whole units from 1 to 10,000, sent when given', () => {
    for (const ok of [null, undefined, 1, 48, 10_000]) expect(validateBatchSize(ok)).toBeUndefined();
    for (const bad of [0, -1, 1.5, 10_001]) expect(validateBatchSize(bad)).toBe('Batch size must be a whole number from 1 to 10000');
    expect(toCreateInput({ name: 'Rolls', price: '0.60', category: 'breads', stock: 1, batchSize: 48 })).toMatchObject({ batchSize: 48 });
    expect(toCreateInput({ name: 'Rolls', price: '0.60', category: 'breads', stock: 1, batchSize: null })).not.toHaveProperty('batchSize');
  });

  it('is sent on Edit only when changed; emptied, it is null', () => {
    const rolls = makeProduct({ batchSize: 48 });
    expect(formValuesOf(rolls).batchSize).toBe(48);
    expect(toUpdateInput(rolls, formValuesOf(rolls))).toEqual({});
    expect(toUpdateInput(rolls, { ...formValuesOf(rolls), batchSize: 24 })).toEqual({ batchSize: 24 });
    expect(toUpdateInput(rolls, { ...formValuesOf(rolls), batchSize: null })).toEqual({ batchSize: null });
    const loaf = makeProduct({ batchSize: null });
    expect(formValuesOf(loaf).batchSize).toBeNull();
    expect(toUpdateInput(loaf, formValuesOf(loaf))).toEqual({});
  });
});

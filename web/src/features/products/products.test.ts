import { jsonResponse, textResponse } from '@/testing/test-utils';
import { uploadErrorMessage, uploadProductPhoto } from './api/upload-photo';
import { canAddToCart, filterProducts, isFiltered, NO_FILTERS, SEARCH_TERMS } from './filters';
import { clearDraft, DRAFT_STORAGE_KEY, loadDraft, saveDraft, validatePrice, validateQuantity } from './submission';
import type { Product } from '@contracts/catalog';
import { makeProduct } from '@/testing/fixtures';

const product = (over: Partial<Product>): Product => makeProduct(over);

describe('catalogue filters (spec section 2)', () => {
  const all = [
    product({ id: '1', name: 'Sourdough Loaf', category: 'breads' }),
    product({ id: '2', name: 'Butter Croissant', category: 'pastries', description: 'Flaky, with French butter' }),
    product({ id: '3', name: 'Everything Bagel', category: 'bagels' }),
    product({ id: '4', name: 'Rye Bread', category: 'breads', isActive: false }),
    product({ id: '5', name: 'Customer submission', category: null, reviewStatus: 'pending_review' }),
  ];

  it('shows only active, live products', () => {
    expect(filterProducts(all, NO_FILTERS).map((p) => p.id)).toEqual(['1', '2', '3']);
  });
  it('filters by category and by search term in the name or description', () => {
    expect(filterProducts(all, { category: 'breads', search: 'all' }).map((p) => p.id)).toEqual(['1']);
    expect(filterProducts(all, { category: 'all', search: 'croissant' }).map((p) => p.id)).toEqual(['2']);
    expect(filterProducts(all, { category: 'all', search: 'bagel' }).map((p) => p.id)).toEqual(['3']);
    expect(filterProducts(all, { category: 'pastries', search: 'bagel' })).toEqual([]);
  });
  it('has the fixed search terms and knows when a filter is on', () => {
    expect(SEARCH_TERMS).toEqual(['all', 'bread', 'croissant', 'bagel', 'muffin', 'sourdough', 'baguette', 'roll', 'danish']);
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ category: 'all', search: 'roll' })).toBe(true);
  });
  it('adds to the cart only with stock, when active and not already adding (spec section 4)', () => {
    expect(canAddToCart({ stock: 1, isActive: true }, false)).toBe(true);
    expect(canAddToCart({ stock: 0, isActive: true }, false)).toBe(false);
    expect(canAddToCart({ stock: 5, isActive: false }, false)).toBe(false);
    expect(canAddToCart({ stock: 5, isActive: true }, true)).toBe(false);
  });
});

describe('product submission form (spec section 5)', () => {
  it('validates the price', () => {
    expect(validatePrice('')).toBe('Price is required');
    expect(validatePrice('  ')).toBe('Price is required');
    expect(validatePrice('4.505')).toBe('Price must be a number with at most 2 decimal places');
    expect(validatePrice('0.00')).toBe('Price must be greater than 0');
    expect(validatePrice('4.5')).toBeUndefined();
  });
  it('validates the quantity from 1 to 500', () => {
    expect(validateQuantity('')).toBe('Quantity must be at least 1');
    expect(validateQuantity('0')).toBe('Quantity must be at least 1');
    expect(validateQuantity('501')).toBe('Quantity cannot exceed 500');
    expect(validateQuantity('2.5')).toBe('Quantity must be a whole number');
    expect(validateQuantity('500')).toBeUndefined();
    expect(validateQuantity('1')).toBeUndefined();
  });
  it('keeps the draft in localStorage until cleared', () => {
    saveDraft({ price: '3.25', quantity: '12', imageUrl: '/objects/uploads/x' });
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY)!)).toEqual({ price: '3.25', quantity: '12', imageUrl: '/objects/uploads/x' });
    expect(loadDraft()).toEqual({ price: '3.25', quantity: '12', imageUrl: '/objects/uploads/x' });
    clearDraft();
    expect(loadDraft()).toEqual({ price: '', quantity: '1', imageUrl: '' });
    localStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(loadDraft()).toEqual({ price: '', quantity: '1', imageUrl: '' });
  });
});

describe('photo upload flow (spec sections 4 and 8)', () => {
  const file = new File(['gif-bytes'], 'bagel.gif', { type: 'image/gif' });
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('asks for an upload URL, PUTs the file there, registers it and answers the object path', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ uploadURL: '/objects/upload/abc?expires=1&signature=s' }))
      .mockResolvedValueOnce(textResponse('', 200))
      .mockResolvedValueOnce(jsonResponse({ objectPath: '/objects/uploads/abc' }));
    await expect(uploadProductPhoto(file)).resolves.toBe('/objects/uploads/abc');
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'POST /api/objects/upload',
      'PUT /objects/upload/abc?expires=1&signature=s',
      'PUT /api/products/images',
    ]);
    expect(fetchMock.mock.calls[1][1].body).toBe(file);
    expect(fetchMock.mock.calls[1][1].headers).toEqual({ 'Content-Type': 'image/gif' });
    expect(JSON.parse(fetchMock.mock.calls[2][1].body)).toEqual({ imageURL: '/objects/upload/abc?expires=1&signature=s' });
  });

  it.each([
    ['the upload URL', [textResponse('', 500, 'Internal Server Error')], 'Failed to get upload URL'],
    ['the upload', [jsonResponse({ uploadURL: '/u' }), textResponse('too big', 413)], 'S3 upload failed'],
    ['the registration', [jsonResponse({ uploadURL: '/u' }), textResponse(''), textResponse('', 403)], 'Failed to set image policy'],
    ['the object path', [jsonResponse({ uploadURL: '/u' }), textResponse(''), jsonResponse({})], 'No objectPath in response'],
  ])('names the step that failed: %s', async (_step, answers, message) => {
    for (const a of answers) fetchMock.mockResolvedValueOnce(a);
    const err = await uploadProductPhoto(file).catch((e: unknown) => e);
    expect(uploadErrorMessage(err)).toBe(message);
  });

  it('says "Failed to upload photo" for anything else', () => {
    expect(uploadErrorMessage(new TypeError('boom'))).toBe('Failed to upload photo');
  });
});

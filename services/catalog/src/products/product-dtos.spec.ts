import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateProductDto, SubmitProductDto, UpdateProductDto } from '@bakery/contracts';
import { fieldErrorsFrom } from '@bakery/platform';

/** The request bodies as the gateway and the service validate them (whitelist, unknown fields refused). */
async function check<T extends object>(cls: new () => T, body: unknown): Promise<{ value: T; errors: Record<string, string[]> }> {
  const value = plainToInstance(cls, body);
  const errors = await validate(value, { whitelist: true, forbidNonWhitelisted: true });
  return { value, errors: fieldErrorsFrom(errors) };
}

const PHOTO = '/objects/uploads/3f2b8c1e-5d4a-4c6b-9e7f-0a1b2c3d4e5f';
const valid = { name: 'Sourdough Loaf', price: '6.50', category: 'breads', stock: 40 };

describe('CreateProductDto', () => {
  it('accepts a price as a string or a JSON number and carries it as a string', async () => {
    expect((await check(CreateProductDto, { ...valid, price: 4.5 })).value.price).toBe('4.5');
    expect((await check(CreateProductDto, { ...valid, price: ' 4.50 ' })).value.price).toBe('4.50');
    for (const price of ['4.5', '4.50', '12', 99999999.99, '0.01']) {
      expect((await check(CreateProductDto, { ...valid, price })).errors).toEqual({});
    }
  });

  it('gives one message per bad price', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'Price is required'],
      ['', 'Price is required'],
      ['4.555', 'Price must be a number with at most 2 decimal places'],
      [4.555, 'Price must be a number with at most 2 decimal places'],
      [1e21, 'Price must be a number with at most 2 decimal places'],
      ['-1.00', 'Price must be a number with at most 2 decimal places'],
      [true, 'Price must be a number with at most 2 decimal places'],
      ['0.00', 'Price must be greater than 0'],
      ['100000000.00', 'Price must be at most 99999999.99'],
    ];
    for (const [price, message] of cases) {
      expect({ price, errors: (await check(CreateProductDto, { ...valid, price })).errors }).toEqual({ price, errors: { price: [message] } });
    }
  });

  it('refuses negative or fractional stock, unknown categories and unknown fields', async () => {
    expect((await check(CreateProductDto, { ...valid, stock: -1 })).errors).toEqual({ stock: ['Stock cannot be negative'] });
    expect((await check(CreateProductDto, { ...valid, stock: 1.5 })).errors).toEqual({ stock: ['Stock must be a whole number'] });
    expect((await check(CreateProductDto, { ...valid, stock: '5' })).errors).toEqual({ stock: ['Stock must be a whole number'] });
    expect((await check(CreateProductDto, { ...valid, category: 'cakes' })).errors).toEqual({
      category: ['Category must be one of breads, pastries, bagels'],
    });
    expect((await check(CreateProductDto, { ...valid, id: 'x' })).errors).toEqual({ id: ['property id should not exist'] });
  });

  it('treats blank optional text as absent and checks the photo path', async () => {
    const { value, errors } = await check(CreateProductDto, { ...valid, description: '  ', supplier: '', imageUrl: ' ' });
    expect(errors).toEqual({});
    expect([value.description, value.supplier, value.imageUrl]).toEqual([undefined, undefined, undefined]);
    expect((await check(CreateProductDto, { ...valid, imageUrl: PHOTO })).errors).toEqual({});
    for (const imageUrl of ['https://example.com/a.png', '/objects/uploads/../../etc/passwd', '/objects/uploads/abc']) {
      expect((await check(CreateProductDto, { ...valid, imageUrl })).errors).toEqual({
        imageUrl: ['Product photo must be an uploaded image path (/objects/uploads/<id>)'],
      });
    }
  });

  it('needs a name that is not blank', async () => {
    expect((await check(CreateProductDto, { ...valid, name: '   ' })).errors).toEqual({ name: ['Name is required'] });
    expect((await check(CreateProductDto, { ...valid, name: 'x'.repeat(201) })).errors).toEqual({ name: ['Name must be at most 200 characters'] });
  });
});

describe('UpdateProductDto', () => {
  it('accepts an empty edit and any single field', async () => {
    expect((await check(UpdateProductDto, {})).errors).toEqual({});
    expect((await check(UpdateProductDto, { stock: 0 })).errors).toEqual({});
    expect((await check(UpdateProductDto, { reviewStatus: 'approved', category: 'bagels', name: 'Everything Bagel' })).errors).toEqual({});
  });

  it('clears description, photo and supplier with null but refuses null for the rest', async () => {
    expect((await check(UpdateProductDto, { description: null, imageUrl: null, supplier: null })).errors).toEqual({});
    const { errors } = await check(UpdateProductDto, { name: null, price: null, stock: null, category: null, isActive: null });
    expect(Object.keys(errors).sort()).toEqual(['category', 'isActive', 'name', 'price', 'stock']);
  });

  it('refuses a blank name and review states other than approved or rejected', async () => {
    expect((await check(UpdateProductDto, { name: '  ' })).errors).toEqual({ name: ['Name is required'] });
    expect((await check(UpdateProductDto, { reviewStatus: 'pending_review' })).errors).toEqual({
      reviewStatus: ['reviewStatus must be approved or rejected'],
    });
  });
});

describe('SubmitProductDto', () => {
  it('uses the spec messages', async () => {
    expect((await check(SubmitProductDto, { price: '3', stock: 5 })).errors).toEqual({ imageUrl: ['Product photo is required'] });
    expect((await check(SubmitProductDto, { price: '', stock: 5, imageUrl: PHOTO })).errors).toEqual({ price: ['Price is required'] });
    expect((await check(SubmitProductDto, { price: '3', stock: 0, imageUrl: PHOTO })).errors).toEqual({ stock: ['Quantity must be at least 1'] });
    expect((await check(SubmitProductDto, { price: '3', imageUrl: PHOTO })).errors).toEqual({ stock: ['Quantity must be at least 1'] });
    expect((await check(SubmitProductDto, { price: '3', stock: 501, imageUrl: PHOTO })).errors).toEqual({ stock: ['Quantity cannot exceed 500'] });
    expect((await check(SubmitProductDto, { price: '3.25', stock: 500, imageUrl: PHOTO })).errors).toEqual({});
  });
});

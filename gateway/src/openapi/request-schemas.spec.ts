import { AddToCartDto, CreateProductDto, CustomerTermsDto, ListOrdersQuery, PlaceOrderDto, StandingOrderDto, UpdateProductDto } from '@bakery/contracts';
import { queryParameters, requestSchemas } from './request-schemas';

describe('request schemas from the contracts’ validation classes', () => {
  it('states types, bounds and required fields as the decorators check them, and refuses unknown fields', () => {
    expect(requestSchemas([AddToCartDto]).AddToCartDto).toEqual({
      type: 'object',
      properties: {
        productId: { type: 'string', format: 'uuid', description: 'productId must be a product id' },
        quantity: { type: 'integer', minimum: 1, maximum: 500, description: expect.stringContaining('Quantity must be at least 1') },
      },
      required: ['productId', 'quantity'],
      additionalProperties: false,
    });
  });

  it('lets null through where @IsOptional does, and not where an edit may only leave a field out', () => {
    const place = requestSchemas([PlaceOrderDto]).PlaceOrderDto;
    expect(place.properties.deliveryTimeSlot.type).toEqual(['string', 'null']);
    expect(place.required).toBeUndefined();
    const edit = requestSchemas([UpdateProductDto]).UpdateProductDto;
    // OptionalNotNull: absent is fine, null is refused
    expect(edit.properties.price.type).toEqual(['string', 'number']);
    expect(edit.properties.supplier.type).toEqual(['string', 'null']);
  });

  it('says what the contracts’ own checks accept, in their own words', () => {
    const create = requestSchemas([CreateProductDto]).CreateProductDto;
    expect(create.properties.stock).toMatchObject({ type: 'integer', minimum: 0 });
    expect(create.properties.stock.description).toContain('Stock must be a whole number');
    expect(create.properties.stock.description).toContain('Stock must be at most 1000000');
    expect(create.properties.price.description).toContain('Price must be greater than 0');
    expect(create.properties.imageUrl.pattern).toContain('objects');
    // a terms amount may be left out (it keeps its value): not required
    expect(requestSchemas([CustomerTermsDto]).CustomerTermsDto.required).toBeUndefined();
  });

  it('describes nested classes as schemas of their own', () => {
    const schemas = requestSchemas([StandingOrderDto]);
    expect(schemas.StandingOrderDto.properties.lines.items).toEqual({ $ref: '#/components/schemas/StandingOrderLineDto' });
    expect(schemas.StandingOrderLineDto.properties.quantities).toMatchObject({ type: 'array', minItems: 7, maxItems: 7, items: { type: 'integer', minimum: 0 } });
  });

  it('turns a query class into query parameters, lists as comma lists', () => {
    const params = queryParameters(ListOrdersQuery);
    expect(params.find((p) => p.name === 'limit')).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1 } });
    expect(params.find((p) => p.name === 'status')).toMatchObject({ style: 'form', explode: false, schema: { type: 'array', items: { enum: expect.arrayContaining(['pending']) } } });
    expect(params.every((p) => !JSON.stringify(p.schema).includes('null'))).toBe(true);
  });
});

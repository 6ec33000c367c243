import { AppError } from '@bakery/contracts';
import { createLogger } from '../logging/logger';
import { fieldErrorsFrom, RpcErrorFilter } from './rpc-errors';

describe('RpcErrorFilter', () => {
  const filter = new RpcErrorFilter(createLogger('test', 'silent'));

  it('sends a domain error as its payload', () => {
    expect(filter.toPayload(AppError.notFound('Product not found'))).toEqual({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('turns a unique violation into a conflict', () => {
    expect(filter.toPayload(Object.assign(new Error('duplicate key'), { code: '23505' }))).toEqual({
      code: 'CONFLICT',
      message: 'Already exists',
    });
  });

  it('answers 503 while the database is restarting or unreachable', () => {
    expect(filter.toPayload(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(filter.toPayload(new Error('Connection terminated unexpectedly'))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(filter.toPayload(Object.assign(new Error('x'), { driverError: { code: '08006' } }))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('never lets an unexpected error’s text leave the service', () => {
    expect(filter.toPayload(new Error('SELECT * FROM secrets failed'))).toEqual({ code: 'INTERNAL', message: 'Internal error' });
  });
});

describe('fieldErrorsFrom', () => {
  it('flattens nested validation errors into dotted field names', () => {
    expect(
      fieldErrorsFrom([
        { property: 'email', constraints: { isEmail: 'Please enter a valid email' }, children: [] },
        { property: 'address', children: [{ property: 'city', constraints: { isString: 'city must be a string' }, children: [] }] },
      ]),
    ).toEqual({ email: ['Please enter a valid email'], 'address.city': ['city must be a string'] });
  });
});

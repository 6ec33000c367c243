import type { ArgumentMetadata } from '@nestjs/common';
import { AppError, EmptyRequest, UserIdRequest } from '@bakery/contracts';
import { createLogger } from '../logging/logger';
import { fieldErrorsFrom, NOT_AN_OBJECT, RpcErrorFilter, strictValidationPipe } from './rpc-errors';

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

describe('strictValidationPipe', () => {
  const uuid = '0b0c7a64-3f0e-4c1e-9a57-1f7d2b9b2a11';
  const refusal = async (work: Promise<unknown>) => {
    const err = await work.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).toPayload();
  };
  // what Nest hands the pipe for @Payload() (a numeric param type), for @Body() and for @Param()
  const as = (type: string, metatype: unknown) => ({ type, metatype }) as unknown as ArgumentMetadata;
  const payload = (metatype: unknown) => as('3', metatype);
  const body = (metatype: unknown) => as('body', metatype);

  it('answers a message with its class instance, and refuses unknown fields and wrong values with field errors', async () => {
    const pipe = strictValidationPipe();
    await expect(pipe.transform({ userId: uuid }, payload(UserIdRequest))).resolves.toBeInstanceOf(UserIdRequest);
    expect(await refusal(pipe.transform({ userId: uuid, admin: true }, payload(UserIdRequest)))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'property admin should not exist',
      fields: { admin: ['property admin should not exist'] },
    });
    expect((await refusal(pipe.transform({ userId: 'x'.repeat(100_000) }, payload(UserIdRequest)))).fields).toEqual({
      userId: ['userId must be a uuid'],
    });
  });

  it('refuses a message that is not an object, even for a class without fields', async () => {
    const pipe = strictValidationPipe();
    for (const value of [undefined, null, 'text', 42, true, [], [{ userId: uuid }]]) {
      expect(await refusal(pipe.transform(value, payload(EmptyRequest)))).toEqual({
        code: 'VALIDATION_FAILED',
        message: NOT_AN_OBJECT,
        fields: { payload: [NOT_AN_OBJECT] },
      });
    }
    await expect(pipe.transform({}, payload(EmptyRequest))).resolves.toEqual({});
    expect((await refusal(pipe.transform({ anything: 1 }, payload(EmptyRequest)))).fields).toEqual({
      anything: ['property anything should not exist'],
    });
  });

  it('takes an HTTP request without a body as an empty one (absentAsEmpty), and still refuses a list', async () => {
    const pipe = strictValidationPipe({ absentAsEmpty: true });
    await expect(pipe.transform(undefined, body(EmptyRequest))).resolves.toEqual({});
    expect((await refusal(pipe.transform([], body(EmptyRequest)))).fields).toEqual({ body: [NOT_AN_OBJECT] });
    // parameters that are no contracts class (a route's id) are not its business
    await expect(pipe.transform('abc', as('param', String))).resolves.toBe('abc');
  });
});
